package io.github.rota.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * The stage an {@link io.github.rota.api.ActorRef#ask} returns. Completing a
 * {@link CompletableFuture} runs the callbacks attached to it, on the completing thread; the answer
 * arrives on the replying actor's worker, where those callbacks would run inside another actor's
 * turn. So the answer is only <em>delivered</em> there, and the future is completed elsewhere: by
 * the thread waiting for it in {@link #get}/{@link #join} (which runs what it attached itself, and
 * is woken as directly as a plain future would wake it), or, when nobody waits, on
 * {@link #COMPLETIONS}.
 *
 * <p>State ({@code state}, CAS): {@code null} (nothing yet) → a waiting {@link Thread} → an
 * {@link Outcome} (delivered) → {@link #COMPLETING} (claimed: the claimer completes the future).
 * {@code deliver} moves null or a waiter to the outcome (and unparks the waiter, or hands the
 * completion to {@code COMPLETIONS}); a waiter or the {@code COMPLETIONS} task claims the outcome.
 * Exactly one of them completes the future with the answer. One waiter registers; any other
 * thread that waits blocks on the future itself, which the claimer completes. Stages derived from
 * this one are plain futures ({@link #newIncompleteFuture}).
 *
 * <p>Invariants: the answer completes the future once, never on the delivering thread, and a
 * registered waiter always wakes ({@code AskFutureTest}, jcstress {@code AskFutureDeliverVersusWaitTest}).
 */
final class AskFuture<T> extends CompletableFuture<T> {

    /** Where the answer is completed when nobody waits for it: the JDK's default for asynchronous completion. */
    static final Executor COMPLETIONS = ForkJoinPool.commonPool();

    private static final Object COMPLETING = new Object();
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(AskFuture.class, "state", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through STATE
    private volatile Object state;

    /** What was delivered: a value, or a failure. */
    private record Outcome(Object value, Throwable failure) {
    }

    /**
     * Hands the answer over, if none was: the first of the reply, the timeout and termination
     * settles the ask. Any thread.
     *
     * @param value the reply, if {@code failure} is {@code null}
     * @param failure why the ask failed, or {@code null}
     * @return {@code false} if an answer had been delivered already; this one is not used
     */
    boolean deliver(Object value, Throwable failure) {
        Outcome outcome = null;
        while (true) {
            Object s = lvState();
            if (s != null && !(s instanceof Thread)) {
                return false;
            }
            if (outcome == null) {
                outcome = new Outcome(value, failure);
            }
            if (casState(s, outcome)) {
                if (s == null) {
                    COMPLETIONS.execute(this::claim); // nobody waits: complete it over there
                } else {
                    LockSupport.unpark((Thread) s); // the waiter completes it
                }
                return true;
            }
        }
    }

    /** {@return whether an answer has been delivered} */
    boolean isDelivered() {
        Object s = lvState();
        return s != null && !(s instanceof Thread);
    }

    /** Completes the future with the delivered outcome, if this call is the one that claims it. */
    private void claim() {
        Object s = lvState();
        if (s instanceof Outcome outcome && casState(outcome, COMPLETING)) {
            @SuppressWarnings("unchecked")
            T value = (T) outcome.value();
            if (outcome.failure() == null) {
                super.complete(value);
            } else {
                super.completeExceptionally(outcome.failure());
            }
        }
    }

    /**
     * Waits until the answer is delivered, or until {@code deadline} (a {@link System#nanoTime()}
     * value; {@code Long.MAX_VALUE}: none), then completes the future here if nobody has.
     *
     * @param interruptible whether an interrupt ends the wait
     * @return {@code false} if interrupted
     */
    private boolean awaitDelivery(long deadline, boolean interruptible) {
        Thread me = Thread.currentThread();
        boolean registered = false;
        boolean interrupted = false;
        try {
            while (true) {
                Object s = lvState();
                if (s == null) {
                    registered = casState(null, me);
                    continue;
                }
                if (s != me) {
                    registered = false;
                    claim(); // the outcome, or nothing if it is claimed or another thread waits
                    return true;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return true;
                }
                if (deadline == Long.MAX_VALUE) {
                    LockSupport.park(this);
                } else {
                    LockSupport.parkNanos(this, left);
                }
                if (Thread.interrupted()) {
                    if (interruptible) {
                        return false;
                    }
                    // With the flag set, park returns at once: an uninterruptible wait clears it to
                    // park again, and sets it again when done, as CompletableFuture.join does.
                    interrupted = true;
                }
            }
        } finally {
            if (registered && !casState(me, null)) {
                claim(); // delivered while we were leaving: complete it, or it would wait for nobody
            }
            if (interrupted) {
                me.interrupt();
            }
        }
    }

    @Override
    public T get() throws InterruptedException, ExecutionException {
        if (!isDone() && !awaitDelivery(Long.MAX_VALUE, true)) {
            throw new InterruptedException();
        }
        return super.get();
    }

    @Override
    public T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        if (!isDone() && !awaitDelivery(deadline, true)) {
            throw new InterruptedException();
        }
        // Done, or being completed by its claimer right now, or not delivered by the deadline.
        return super.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    @Override
    public T join() {
        if (!isDone()) {
            awaitDelivery(Long.MAX_VALUE, false);
        }
        return super.join();
    }

    @Override
    public CompletableFuture<T> toCompletableFuture() {
        return this;
    }

    @Override
    public <U> CompletableFuture<U> newIncompleteFuture() {
        return new CompletableFuture<>();
    }

    // Accessors named for their ordering (see io.github.rota.spi.pool).

    private Object lvState() {
        return STATE.getVolatile(this);
    }

    private boolean casState(Object expect, Object update) {
        return STATE.compareAndSet(this, expect, update);
    }
}
