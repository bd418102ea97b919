package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.LingeringSchedulable;
import io.github.rota.spi.dispatch.Schedulable;

// Remote's fields, in superclasses by writer, each hot one between padding classes (see the package
// comment); Remote holds their accessors.

/** Read-only after construction, read by everyone; {@code thread} changes only when a worker changes threads. */
abstract class RemoteFields {
    final int index;
    final LocalRing ring;
    final WorkerCounters counters = new WorkerCounters();
    volatile Thread thread;

    RemoteFields(int index, LocalRing ring) {
        this.index = index;
        this.ring = ring;
    }
}

abstract class RemotePad0 extends RemoteFields {
    byte p000, p001, p002, p003, p004, p005, p006, p007, p080, p081, p082, p083, p084, p085, p086, p087;
    byte p010, p011, p012, p013, p014, p015, p016, p017, p090, p091, p092, p093, p094, p095, p096, p097;
    byte p020, p021, p022, p023, p024, p025, p026, p027, p0a0, p0a1, p0a2, p0a3, p0a4, p0a5, p0a6, p0a7;
    byte p030, p031, p032, p033, p034, p035, p036, p037, p0b0, p0b1, p0b2, p0b3, p0b4, p0b5, p0b6, p0b7;
    byte p040, p041, p042, p043, p044, p045, p046, p047, p0c0, p0c1, p0c2, p0c3, p0c4, p0c5, p0c6, p0c7;
    byte p050, p051, p052, p053, p054, p055, p056, p057, p0d0, p0d1, p0d2, p0d3, p0d4, p0d5, p0d6, p0d7;
    byte p060, p061, p062, p063, p064, p065, p066, p067, p0e0, p0e1, p0e2, p0e3, p0e4, p0e5, p0e6, p0e7;
    byte p070, p071, p072, p073, p074, p075, p076, p077, p0f0, p0f1, p0f2, p0f3, p0f4, p0f5, p0f6, p0f7;

    RemotePad0(int index, LocalRing ring) {
        super(index, ring);
    }
}

/** The turn epoch and what the turn runs: the owner writes, thieves and the probe read. */
abstract class RemoteTurn extends RemotePad0 {
    volatile long turnEpoch;
    /** See {@link Remote#urgentAt}: written at an expedite, read by thieves. */
    volatile long urgentAt = -1;
    /** Plain: for the probe's reports only. */
    Schedulable running;

    RemoteTurn(int index, LocalRing ring) {
        super(index, ring);
    }
}

abstract class RemotePad1 extends RemoteTurn {
    byte p100, p101, p102, p103, p104, p105, p106, p107, p180, p181, p182, p183, p184, p185, p186, p187;
    byte p110, p111, p112, p113, p114, p115, p116, p117, p190, p191, p192, p193, p194, p195, p196, p197;
    byte p120, p121, p122, p123, p124, p125, p126, p127, p1a0, p1a1, p1a2, p1a3, p1a4, p1a5, p1a6, p1a7;
    byte p130, p131, p132, p133, p134, p135, p136, p137, p1b0, p1b1, p1b2, p1b3, p1b4, p1b5, p1b6, p1b7;
    byte p140, p141, p142, p143, p144, p145, p146, p147, p1c0, p1c1, p1c2, p1c3, p1c4, p1c5, p1c6, p1c7;
    byte p150, p151, p152, p153, p154, p155, p156, p157, p1d0, p1d1, p1d2, p1d3, p1d4, p1d5, p1d6, p1d7;
    byte p160, p161, p162, p163, p164, p165, p166, p167, p1e0, p1e1, p1e2, p1e3, p1e4, p1e5, p1e6, p1e7;
    byte p170, p171, p172, p173, p174, p175, p176, p177, p1f0, p1f1, p1f2, p1f3, p1f4, p1f5, p1f6, p1f7;

    RemotePad1(int index, LocalRing ring) {
        super(index, ring);
    }
}

/** The next-actor slot: owner and thieves. */
abstract class RemoteNextSlot extends RemotePad1 {
    volatile Schedulable next;

    RemoteNextSlot(int index, LocalRing ring) {
        super(index, ring);
    }
}

abstract class RemotePad2 extends RemoteNextSlot {
    byte p200, p201, p202, p203, p204, p205, p206, p207, p280, p281, p282, p283, p284, p285, p286, p287;
    byte p210, p211, p212, p213, p214, p215, p216, p217, p290, p291, p292, p293, p294, p295, p296, p297;
    byte p220, p221, p222, p223, p224, p225, p226, p227, p2a0, p2a1, p2a2, p2a3, p2a4, p2a5, p2a6, p2a7;
    byte p230, p231, p232, p233, p234, p235, p236, p237, p2b0, p2b1, p2b2, p2b3, p2b4, p2b5, p2b6, p2b7;
    byte p240, p241, p242, p243, p244, p245, p246, p247, p2c0, p2c1, p2c2, p2c3, p2c4, p2c5, p2c6, p2c7;
    byte p250, p251, p252, p253, p254, p255, p256, p257, p2d0, p2d1, p2d2, p2d3, p2d4, p2d5, p2d6, p2d7;
    byte p260, p261, p262, p263, p264, p265, p266, p267, p2e0, p2e1, p2e2, p2e3, p2e4, p2e5, p2e6, p2e7;
    byte p270, p271, p272, p273, p274, p275, p276, p277, p2f0, p2f1, p2f2, p2f3, p2f4, p2f5, p2f6, p2f7;

    RemotePad2(int index, LocalRing ring) {
        super(index, ring);
    }
}

/** AWAKE, SLEEPING (parked or about to park) or WOKEN (claimed by a notifier's CAS); see {@link Remote}. */
abstract class RemoteParkState extends RemotePad2 {
    static final int AWAKE = 0;
    static final int SLEEPING = 1;
    static final int WOKEN = 2;

    volatile int parkState;
    /** See {@link Remote#isNapping}: the owner writes it around each sleep between search rounds. */
    volatile boolean napping;

    RemoteParkState(int index, LocalRing ring) {
        super(index, ring);
    }
}

abstract class RemotePad3 extends RemoteParkState {
    byte p300, p301, p302, p303, p304, p305, p306, p307, p380, p381, p382, p383, p384, p385, p386, p387;
    byte p310, p311, p312, p313, p314, p315, p316, p317, p390, p391, p392, p393, p394, p395, p396, p397;
    byte p320, p321, p322, p323, p324, p325, p326, p327, p3a0, p3a1, p3a2, p3a3, p3a4, p3a5, p3a6, p3a7;
    byte p330, p331, p332, p333, p334, p335, p336, p337, p3b0, p3b1, p3b2, p3b3, p3b4, p3b5, p3b6, p3b7;
    byte p340, p341, p342, p343, p344, p345, p346, p347, p3c0, p3c1, p3c2, p3c3, p3c4, p3c5, p3c6, p3c7;
    byte p350, p351, p352, p353, p354, p355, p356, p357, p3d0, p3d1, p3d2, p3d3, p3d4, p3d5, p3d6, p3d7;
    byte p360, p361, p362, p363, p364, p365, p366, p367, p3e0, p3e1, p3e2, p3e3, p3e4, p3e5, p3e6, p3e7;
    byte p370, p371, p372, p373, p374, p375, p376, p377, p3f0, p3f1, p3f2, p3f3, p3f4, p3f5, p3f6, p3f7;

    RemotePad3(int index, LocalRing ring) {
        super(index, ring);
    }
}

/** The linger slots: the owner fills and empties them on every local turn, the probe takes from them behind a long turn. */
abstract class RemoteLingerSlots extends RemotePad3 {
    volatile LingeringSchedulable linger0;
    volatile LingeringSchedulable linger1;

    RemoteLingerSlots(int index, LocalRing ring) {
        super(index, ring);
    }
}

/** Keeps whatever is allocated next off the linger slots' line. */
abstract class RemotePad4 extends RemoteLingerSlots {
    byte p400, p401, p402, p403, p404, p405, p406, p407, p480, p481, p482, p483, p484, p485, p486, p487;
    byte p410, p411, p412, p413, p414, p415, p416, p417, p490, p491, p492, p493, p494, p495, p496, p497;
    byte p420, p421, p422, p423, p424, p425, p426, p427, p4a0, p4a1, p4a2, p4a3, p4a4, p4a5, p4a6, p4a7;
    byte p430, p431, p432, p433, p434, p435, p436, p437, p4b0, p4b1, p4b2, p4b3, p4b4, p4b5, p4b6, p4b7;
    byte p440, p441, p442, p443, p444, p445, p446, p447, p4c0, p4c1, p4c2, p4c3, p4c4, p4c5, p4c6, p4c7;
    byte p450, p451, p452, p453, p454, p455, p456, p457, p4d0, p4d1, p4d2, p4d3, p4d4, p4d5, p4d6, p4d7;
    byte p460, p461, p462, p463, p464, p465, p466, p467, p4e0, p4e1, p4e2, p4e3, p4e4, p4e5, p4e6, p4e7;
    byte p470, p471, p472, p473, p474, p475, p476, p477, p4f0, p4f1, p4f2, p4f3, p4f4, p4f5, p4f6, p4f7;

    RemotePad4(int index, LocalRing ring) {
        super(index, ring);
    }
}
