// The C the library needs: the frame address `StackGuard` measures the stack with, the atomic accesses behind
// `ContextSlot` (Sources/Salvage/Runtime/ContextSlot.swift): the one place where a value of one decode (a kept
// decoder's generation check) meets another thread (a later decode leasing the same slot) — why a C target
// and not `Synchronization.Atomic` is explained at the top of that file — and, on x86-64, the parser's
// sixteen-byte masks (Sources/Salvage/Parsing/ByteMasks.swift), which need SSE2's `pmovmskb`.
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

#if defined(__x86_64__)
/// Sixteen bytes as signed lanes, read from any address.
typedef signed char salvage_lanes16 __attribute__((vector_size(16)));
/// The form `pmovmskb` takes.
typedef char salvage_chars16 __attribute__((vector_size(16)));

/// Bit i set when byte i of the sixteen at `bytes` ends plain string text: a quote, a backslash, a control
/// character (below 0x20) or a byte of 0x80 or more (negative as a signed lane). The caller guarantees that
/// sixteen bytes are readable. SSE2, which every x86-64 processor has: three compares, two ors, one
/// `pmovmskb`.
static inline __attribute__((always_inline)) uint32_t salvage_string_stop_mask16(const uint8_t *bytes) {
    salvage_lanes16 lanes;
    __builtin_memcpy(&lanes, bytes, 16);
    salvage_lanes16 stops = (salvage_lanes16)((lanes == 0x22) | (lanes == 0x5C) | (lanes < 0x20));
    return (uint32_t)__builtin_ia32_pmovmskb128((salvage_chars16)stops);
}

/// Bit i set when byte i of the sixteen at `bytes` is JSON whitespace (space, tab, line feed, carriage
/// return). The caller guarantees that sixteen bytes are readable.
static inline __attribute__((always_inline)) uint32_t salvage_blank_mask16(const uint8_t *bytes) {
    salvage_lanes16 lanes;
    __builtin_memcpy(&lanes, bytes, 16);
    salvage_lanes16 blanks = (salvage_lanes16)((lanes == 0x20) | (lanes == 0x0A) | (lanes == 0x0D) | (lanes == 0x09));
    return (uint32_t)__builtin_ia32_pmovmskb128((salvage_chars16)blanks);
}

/// Whether the first fifteen of the sixteen bytes at `bytes` are five well-formed three-byte UTF-8 characters:
/// each `1110xxxx 10xxxxxx 10xxxxxx`, none overlong (a lead of 0xE0 needs a second byte of 0xA0 or more) and
/// none a UTF-16 surrogate (a lead of 0xED needs a second byte below 0xA0). The sixteenth byte is not looked at.
/// A run of CJK text is crossed fifteen bytes per call (Sources/Salvage/Parsing/StringScanning.swift).
static inline __attribute__((always_inline)) uint32_t salvage_five_three_byte_characters16(const uint8_t *bytes) {
    salvage_lanes16 lanes;
    __builtin_memcpy(&lanes, bytes, 16);
    const salvage_lanes16 shape_mask = {(signed char)0xF0, (signed char)0xC0, (signed char)0xC0, (signed char)0xF0,
        (signed char)0xC0, (signed char)0xC0, (signed char)0xF0, (signed char)0xC0, (signed char)0xC0,
        (signed char)0xF0, (signed char)0xC0, (signed char)0xC0, (signed char)0xF0, (signed char)0xC0,
        (signed char)0xC0, 0};
    const salvage_lanes16 shape = {(signed char)0xE0, (signed char)0x80, (signed char)0x80, (signed char)0xE0,
        (signed char)0x80, (signed char)0x80, (signed char)0xE0, (signed char)0x80, (signed char)0x80,
        (signed char)0xE0, (signed char)0x80, (signed char)0x80, (signed char)0xE0, (signed char)0x80,
        (signed char)0x80, 0};
    salvage_lanes16 shaped = (salvage_lanes16)((lanes & shape_mask) == shape);
    /* Each lane's next byte (the last lane gets 0): for a lead, the character's second byte. */
    salvage_lanes16 next = __builtin_shufflevector(lanes, (salvage_lanes16){0}, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                                   12, 13, 14, 15, 16);
    salvage_lanes16 upper = (salvage_lanes16)((next & 0x20) == 0x20);
    salvage_lanes16 overlong = (salvage_lanes16)(lanes == (signed char)0xE0) & ~upper;
    salvage_lanes16 surrogate = (salvage_lanes16)(lanes == (signed char)0xED) & upper;
    salvage_lanes16 good = shaped & ~(overlong | surrogate);
    return (uint32_t)__builtin_ia32_pmovmskb128((salvage_chars16)good) == 0xFFFF;
}
#endif

#pragma clang assume_nonnull end

#endif
