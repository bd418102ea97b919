package io.github.rota.mailbox;

import io.github.rota.spi.pool.Envelope;
import io.github.rota.spi.pool.LinkedEnvelopeQueue;

// UnboundedMailbox's tail, in a superclass of its own, and the padding between it and the
// consumer's fields: the JVM lays out a superclass's fields before its subclass's, and within one
// class puts primitives before references, so padding declared beside a reference would not follow
// it. Bytes, because the JVM fills gaps its superclasses left with small fields, and bytes fill
// every gap themselves.

/** The tail, swapped by every producer. */
abstract class UnboundedMailboxFields extends LinkedEnvelopeQueue {
    /** See {@link UnboundedMailbox}: the last envelope enqueued, or the idle mark. */
    @SuppressWarnings("unused") // accessed through UnboundedMailbox.PRODUCER_NODE
    volatile Envelope producerNode;
}

/** A cache line between the tail and the consumer's sentinel. */
abstract class UnboundedMailboxPad extends UnboundedMailboxFields {
    byte p000, p001, p002, p003, p004, p005, p006, p007, p010, p011, p012, p013, p014, p015, p016, p017;
    byte p020, p021, p022, p023, p024, p025, p026, p027, p030, p031, p032, p033, p034, p035, p036, p037;
    byte p040, p041, p042, p043, p044, p045, p046, p047, p050, p051, p052, p053, p054, p055, p056, p057;
    byte p060, p061, p062, p063, p064, p065, p066, p067, p070, p071, p072, p073, p074, p075, p076, p077;
}
