// Everything is in include/CSalvageRuntime.h (static inline, so Swift inlines it); SwiftPM builds a C
// target from at least one source file.
#include "CSalvageRuntime.h"
