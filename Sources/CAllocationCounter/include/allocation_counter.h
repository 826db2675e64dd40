#ifndef SALVAGE_ALLOCATION_COUNTER_H
#define SALVAGE_ALLOCATION_COUNTER_H

/// Heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) made by this
/// process so far, or -1 when counting is not available on this platform.
long salvage_allocation_count(void);

#endif
