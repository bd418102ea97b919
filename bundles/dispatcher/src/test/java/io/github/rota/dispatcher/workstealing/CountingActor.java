package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.Dispatcher;
import io.github.rota.spi.dispatch.LingeringSchedulable;
import io.github.rota.spi.dispatch.Schedulable;
import io.github.rota.spi.dispatch.Turn;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A small actor for the dispatcher's tests, with the runtime's protocol and none of its weight: a
 * count of pending messages for a mailbox, the schedule states (read-then-CAS to schedule, CAS to take,
 * a volatile IDLE then a re-check to finish), and lingering when the dispatcher keeps it.
 */
final class CountingActor implements LingeringSchedulable {

    private static final int IDLE = 0;
    private static final int SCHEDULED = 1;
    private static final int PROCESSING = 2;

    private final Dispatcher dispatcher;
    private final Consumer<CountingActor> onMessage;
    private final AtomicInteger state = new AtomicInteger(IDLE);
    private final AtomicInteger pending = new AtomicInteger();
    private final AtomicInteger handled = new AtomicInteger();
    /** Turn-confined, like the runtime's: published to the next holder through the linger slot. */
    private boolean lingering;
    private volatile Thread lastRanOn;

    /** @param onMessage what a turn does with each message, on the turn's thread */
    CountingActor(Dispatcher dispatcher, Consumer<CountingActor> onMessage) {
        this.dispatcher = dispatcher;
        this.onMessage = onMessage;
    }

    /** A producer on any thread: one message, and a scheduling if the actor was idle. */
    void tell() {
        pending.incrementAndGet();
        if (state.get() == IDLE && state.compareAndSet(IDLE, SCHEDULED)) {
            dispatcher.schedule(this);
        }
    }

    int handled() {
        return handled.get();
    }

    boolean isIdle() {
        return state.get() == IDLE;
    }

    Thread lastRanOn() {
        return lastRanOn;
    }

    @Override
    public boolean runTurn(Turn turn) {
        if (lingering) {
            lingering = false;
        } else if (!state.compareAndSet(SCHEDULED, PROCESSING)) {
            throw new IllegalStateException("run without being scheduled");
        }
        lastRanOn = Thread.currentThread();
        int budget = turn.budget();
        int spent = 0;
        while (true) {
            if (pending.get() == 0) {
                if (turn.linger(this)) {
                    lingering = true;
                    return false;
                }
                state.set(IDLE);
                if (pending.get() == 0 || !state.compareAndSet(IDLE, SCHEDULED)) {
                    return false;
                }
                state.set(PROCESSING); // reclaimed: we hold SCHEDULED and are on no queue
            }
            if (spent == budget) {
                state.set(SCHEDULED);
                return true;
            }
            pending.decrementAndGet();
            spent++;
            handled.incrementAndGet();
            onMessage.accept(this);
        }
    }

    @Override
    public boolean hasWork() {
        return pending.get() > 0;
    }

    @Override
    public boolean releaseLingering() {
        if (!lingering) {
            throw new IllegalStateException("not lingering");
        }
        lingering = false;
        state.set(IDLE);
        return pending.get() > 0 && state.compareAndSet(IDLE, SCHEDULED);
    }
}
