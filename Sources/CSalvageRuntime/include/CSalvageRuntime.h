// The C the library needs: the frame address `StackGuard` measures the stack with (at the end of this file),
// and the atomic accesses behind `ContextSlot` (Sources/Salvage/Runtime/ContextSlot.swift): the one place where
// a value of one decode (a kept decoder's generation check) meets another thread (a later decode leasing
// the same slot). Why a C target and not `Synchronization.Atomic` is explained at the top of that file.
//
// `static inline` over clang's `__atomic` builtins on a plain `uint32_t`: Swift inlines them, an acquire
// load compiles to a plain load on x86-64 (`ldar`/`ldapr` on ARM64), and ThreadSanitizer sees each access
// as the atomic it is.
#ifndef CSALVAGE_ATOMICS_H
#define CSALVAGE_ATOMICS_H

#include <stdint.h>

#pragma clang assume_nonnull begin

/// Where the context of the decode using a slot is, and which decode that is. Slots are never freed.
typedef struct salvage_context_slot {
    /// Read and written only through the functions below: other threads may load it at any time.
    uint32_t generation_atomic;
    /// The running decode's `DecodingContext`, unretained; NULL while the slot is free. Written only by the
    /// decode holding the slot, before it publishes its generation and before it publishes the next one.
    void *_Nullable context;
} salvage_context_slot;

/// The slot's generation; what the releasing store of it wrote before it (the context) is visible.
static inline __attribute__((always_inline)) uint32_t salvage_slot_generation(const salvage_context_slot *slot) {
    return __atomic_load_n(&slot->generation_atomic, __ATOMIC_ACQUIRE);
}

/// Makes `generation` the slot's generation, after every write made before the call.
static inline __attribute__((always_inline)) void salvage_slot_publish_generation(salvage_context_slot *slot, uint32_t generation) {
    __atomic_store_n(&slot->generation_atomic, generation, __ATOMIC_RELEASE);
}

/// The address of the calling function's frame: how deep the stack is (see
/// Sources/Salvage/Runtime/StackGuard.swift). A builtin rather than the address of a Swift local, because
/// AddressSanitizer may move locals to a "fake stack" on the heap, and that address says nothing of the
/// real stack.
static inline __attribute__((always_inline)) uintptr_t salvage_frame_address(void) {
    return (uintptr_t)__builtin_frame_address(0);
}

#pragma clang assume_nonnull end

#endif
