#ifndef SALVAGE_ALLOCATION_COUNTER_H
#define SALVAGE_ALLOCATION_COUNTER_H

/// Heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) made by this
/// process so far, or -1 when counting is not available on this platform.
long salvage_allocation_count(void);

/// Heap bytes in use (allocated and not yet freed, mmapped blocks included) after returning free memory
/// to the system, or -1 when the allocator cannot tell (not glibc).
long salvage_heap_bytes_in_use(void);

#endif
