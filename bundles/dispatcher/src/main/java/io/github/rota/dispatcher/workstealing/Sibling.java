package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.DispatcherCounter;
import io.github.rota.spi.dispatch.Schedulable;

/**
 * A worker as the other threads see it: thieves steal from its ring (and from its next-actor slot
 * once that has gone stale), notifiers wake it, the starvation probe watches its turns and rescues
 * its next slot. What only the worker's own thread may do is on the local queue, which
 * implements this; {@link RunQueues} hands every other thread this type only.
 */
interface Sibling {

    /** {@return this worker's position in the pool} */
    int index();

    /**
     * Moves the older half (rounded up) of this worker's ring into the thief's own, empty ring.
     *
     * @return how many actors moved; 0 if the ring was empty
     */
    int stealHalfInto(LocalRing thiefRing);

    /** {@return the actor in the next-actor slot, taken by CAS; {@code null} if none or lost to the owner} */
    Schedulable stealNextSlot();

    /**
     * Takes a lingering actor from one of this worker's linger slots, by CAS (the starvation probe
     * does, behind a long turn); the caller must then let it go ({@link Schedulable#releaseLingering}).
     *
     * @param slot 0 to {@link LocalQueue#LINGER_SLOTS} - 1
     * @return the actor, or {@code null} if the slot was empty or its owner took it first
     */
    Schedulable takeLingering(int slot);

    /** {@return whether the next-actor slot holds an actor} */
    boolean hasNextSlot();

    /** {@return whether the ring holds actors: the next slot is its owner's to run, so it does not count} */
    boolean hasWorkToSteal();

    /** {@return actors waiting here, ring and next slot; may lag} */
    int queueDepth();

    /** {@return odd while the worker is in a turn; changes with every turn} */
    long turnEpoch();

    /** {@return what the worker's turn runs, for reports only: may be stale; {@code null} between turns} */
    Schedulable running();

    /** {@return whether the worker is parked or about to park} */
    boolean isSleeping();

    /** {@return {@code true} if this call took the worker out of its sleeping state: the caller must unpark it} */
    boolean claimWake();

    /** {@return the thread running the worker now, to unpark or to report} */
    Thread thread();

    /** {@return one of the worker's counters} */
    long counter(DispatcherCounter counter);
}
