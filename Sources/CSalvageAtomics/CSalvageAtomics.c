// Everything is in include/CSalvageAtomics.h (static inline, so Swift inlines it); SwiftPM builds a C
// target from at least one source file.
#include "CSalvageAtomics.h"
