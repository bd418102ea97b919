package io.github.rota.dispatcher.workstealing;

// Core's fields, in superclasses between padding classes (see the package comment); Core holds
// what the owner does with them.

/** Read-only after construction. */
abstract class CoreFields {
    final Remote remote;
    /** The worker's own ring, and its counters: the owner's handles on them. */
    final LocalRing ring;
    final WorkerCounters counters;
    final Shared shared;

    CoreFields(Remote remote, Shared shared) {
        this.remote = remote;
        this.ring = remote.ring;
        this.counters = remote.counters;
        this.shared = shared;
    }
}

abstract class CorePad0 extends CoreFields {
    byte p000, p001, p002, p003, p004, p005, p006, p007, p080, p081, p082, p083, p084, p085, p086, p087;
    byte p010, p011, p012, p013, p014, p015, p016, p017, p090, p091, p092, p093, p094, p095, p096, p097;
    byte p020, p021, p022, p023, p024, p025, p026, p027, p0a0, p0a1, p0a2, p0a3, p0a4, p0a5, p0a6, p0a7;
    byte p030, p031, p032, p033, p034, p035, p036, p037, p0b0, p0b1, p0b2, p0b3, p0b4, p0b5, p0b6, p0b7;
    byte p040, p041, p042, p043, p044, p045, p046, p047, p0c0, p0c1, p0c2, p0c3, p0c4, p0c5, p0c6, p0c7;
    byte p050, p051, p052, p053, p054, p055, p056, p057, p0d0, p0d1, p0d2, p0d3, p0d4, p0d5, p0d6, p0d7;
    byte p060, p061, p062, p063, p064, p065, p066, p067, p0e0, p0e1, p0e2, p0e3, p0e4, p0e5, p0e6, p0e7;
    byte p070, p071, p072, p073, p074, p075, p076, p077, p0f0, p0f1, p0f2, p0f3, p0f4, p0f5, p0f6, p0f7;

    CorePad0(Remote remote, Shared shared) {
        super(remote, shared);
    }
}

/** The owner's take and search bookkeeping, written on every take. */
abstract class CoreState extends CorePad0 {
    /** Set by {@code Core}, which knows the interval. */
    int takesUntilGlobalCheck;
    int localStreak;
    /** Lingering actors resumed in a row while the next slot waits. */
    int lingerStreak;
    boolean lingerAccepted;
    boolean searching;
    boolean woken;

    CoreState(Remote remote, Shared shared) {
        super(remote, shared);
    }
}

/** Keeps whatever is allocated next off the owner's line. */
abstract class CorePad1 extends CoreState {
    byte p100, p101, p102, p103, p104, p105, p106, p107, p180, p181, p182, p183, p184, p185, p186, p187;
    byte p110, p111, p112, p113, p114, p115, p116, p117, p190, p191, p192, p193, p194, p195, p196, p197;
    byte p120, p121, p122, p123, p124, p125, p126, p127, p1a0, p1a1, p1a2, p1a3, p1a4, p1a5, p1a6, p1a7;
    byte p130, p131, p132, p133, p134, p135, p136, p137, p1b0, p1b1, p1b2, p1b3, p1b4, p1b5, p1b6, p1b7;
    byte p140, p141, p142, p143, p144, p145, p146, p147, p1c0, p1c1, p1c2, p1c3, p1c4, p1c5, p1c6, p1c7;
    byte p150, p151, p152, p153, p154, p155, p156, p157, p1d0, p1d1, p1d2, p1d3, p1d4, p1d5, p1d6, p1d7;
    byte p160, p161, p162, p163, p164, p165, p166, p167, p1e0, p1e1, p1e2, p1e3, p1e4, p1e5, p1e6, p1e7;
    byte p170, p171, p172, p173, p174, p175, p176, p177, p1f0, p1f1, p1f2, p1f3, p1f4, p1f5, p1f6, p1f7;

    CorePad1(Remote remote, Shared shared) {
        super(remote, shared);
    }
}
