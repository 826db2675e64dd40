// Counts heap allocations for the benchmark executable by interposing the allocation functions.
//
// Only `salvage-benchmark` links this target; the library and its tests never do. Each function bumps an
// atomic counter and forwards to glibc's own entry points (`__libc_malloc`, ...), allocating nothing itself.
#include "allocation_counter.h"
#include <errno.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <stddef.h>

#if defined(__GLIBC__)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static long counter = 0;

static inline void count_one(void) { __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) { count_one(); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { count_one(); return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { count_one(); return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { count_one(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count_one(); return __libc_memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    count_one();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

long salvage_allocation_count(void) { return __atomic_load_n(&counter, __ATOMIC_RELAXED); }

long salvage_heap_bytes_in_use(void) {
    malloc_trim(0);
    struct mallinfo2 info = mallinfo2();
    return (long)(info.uordblks + info.hblkhd);
}
#else
long salvage_allocation_count(void) { return -1; }
long salvage_heap_bytes_in_use(void) { return -1; }
#endif
