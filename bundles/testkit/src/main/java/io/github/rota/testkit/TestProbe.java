package io.github.rota.testkit;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorContext;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import io.github.rota.api.Terminated;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An actor whose mailbox a test reads: give {@link #ref()} to the actor under test, then assert
 * what arrives. Every {@code expect…} method waits up to its timeout (default 3 seconds) and fails
 * with an {@link AssertionError} that says what it waited for.
 *
 * <p>Thread-safe; meant to be read by one test thread.
 *
 * @param <M> the message type the probe stands in for
 */
public final class TestProbe<M> {

    /** How long the {@code expect…} methods without a duration wait. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(3);

    private static final AtomicLong NAMES = new AtomicLong();

    private final BlockingQueue<Received> queue = new LinkedBlockingQueue<>();
    private final ActorRef<Object> actor;
    private volatile ActorRef<?> lastSender;

    private TestProbe(ActorSystem system, String name) {
        this.actor = system.spawn(Props.create(ProbeActor::new), name);
    }

    /**
     * @param system where the probe's actor lives
     * @param <M> the message type the probe stands in for
     * @return a probe with a generated name
     */
    public static <M> TestProbe<M> create(ActorSystem system) {
        return create(system, "testProbe-" + NAMES.incrementAndGet());
    }

    /**
     * @param system where the probe's actor lives
     * @param name the name of the probe's top-level actor
     * @param <M> the message type the probe stands in for
     * @return the probe
     */
    public static <M> TestProbe<M> create(ActorSystem system, String name) {
        return new TestProbe<>(Objects.requireNonNull(system, "system"), name);
    }

    /** @return the reference to give to the code under test */
    @SuppressWarnings("unchecked")
    public ActorRef<M> ref() {
        return (ActorRef<M>) (ActorRef<?>) actor;
    }

    /** @return the sender of the message most recently taken by an {@code expect…} or {@code receive…} call, or {@code null} */
    public ActorRef<?> lastSender() {
        return lastSender;
    }

    /** @return the next message, waiting up to {@link #DEFAULT_TIMEOUT} */
    public M expectMessage() {
        return expectMessage(DEFAULT_TIMEOUT);
    }

    /**
     * @param max how long to wait
     * @return the next message
     */
    @SuppressWarnings("unchecked")
    public M expectMessage(Duration max) {
        return (M) next(max, "a message").message;
    }

    /**
     * @param expected the message expected next (compared with {@code equals})
     * @param <T> its type
     * @return the message received
     */
    public <T extends M> T expectMessage(T expected) {
        return expectMessage(expected, DEFAULT_TIMEOUT);
    }

    /**
     * @param expected the message expected next (compared with {@code equals})
     * @param max how long to wait
     * @param <T> its type
     * @return the message received
     */
    @SuppressWarnings("unchecked")
    public <T extends M> T expectMessage(T expected, Duration max) {
        Object message = next(max, "message " + expected).message;
        if (!Objects.equals(expected, message)) {
            throw new AssertionError("probe " + actor.path() + " expected " + expected + " but received " + message);
        }
        return (T) message;
    }

    /**
     * @param type the class the next message must be an instance of
     * @param <T> that class
     * @return the message received
     */
    public <T> T expectMessageClass(Class<T> type) {
        return expectMessageClass(type, DEFAULT_TIMEOUT);
    }

    /**
     * @param type the class the next message must be an instance of
     * @param max how long to wait
     * @param <T> that class
     * @return the message received
     */
    public <T> T expectMessageClass(Class<T> type, Duration max) {
        Object message = next(max, "a message of " + type.getName()).message;
        if (!type.isInstance(message)) {
            throw new AssertionError("probe " + actor.path() + " expected a " + type.getName()
                    + " but received " + message);
        }
        return type.cast(message);
    }

    /**
     * Asserts that nothing arrives for the whole duration.
     *
     * @param duration how long to watch
     */
    public void expectNoMessage(Duration duration) {
        Received received = poll(duration);
        if (received != null) {
            throw new AssertionError("probe " + actor.path() + " expected no message for " + duration
                    + " but received " + received.message);
        }
    }

    /**
     * @param count how many messages to take
     * @return the next {@code count} messages, in arrival order
     */
    public List<M> receiveMessages(int count) {
        return receiveMessages(count, DEFAULT_TIMEOUT);
    }

    /**
     * @param count how many messages to take
     * @param max how long to wait for all of them together
     * @return the next {@code count} messages, in arrival order
     */
    @SuppressWarnings("unchecked")
    public List<M> receiveMessages(int count, Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        List<M> messages = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Received received = poll(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            if (received == null) {
                throw new AssertionError("probe " + actor.path() + " received " + i + " of " + count
                        + " messages within " + max + ": " + messages);
            }
            lastSender = received.sender;
            messages.add((M) received.message);
        }
        return messages;
    }

    /**
     * Makes the probe watch an actor; see {@link #expectTerminated}.
     *
     * @param ref the actor to watch
     */
    public void watch(ActorRef<?> ref) {
        actor.tell(new WatchCommand(Objects.requireNonNull(ref, "ref")));
    }

    /**
     * @param ref a watched actor
     * @return the {@link Terminated} for it, which must be the next message
     */
    public Terminated expectTerminated(ActorRef<?> ref) {
        return expectTerminated(ref, DEFAULT_TIMEOUT);
    }

    /**
     * @param ref a watched actor
     * @param max how long to wait
     * @return the {@link Terminated} for it, which must be the next message
     */
    public Terminated expectTerminated(ActorRef<?> ref, Duration max) {
        Object message = next(max, "Terminated(" + ref.path() + ")").message;
        if (!(message instanceof Terminated) || !((Terminated) message).ref().equals(ref)) {
            throw new AssertionError("probe " + actor.path() + " expected Terminated(" + ref.path()
                    + ") but received " + message);
        }
        return (Terminated) message;
    }

    private Received next(Duration max, String what) {
        Received received = poll(max);
        if (received == null) {
            throw new AssertionError("timeout (" + max + ") waiting for " + what + " at probe " + actor.path());
        }
        lastSender = received.sender;
        return received;
    }

    private Received poll(Duration max) {
        try {
            return queue.poll(max.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting at probe " + actor.path(), e);
        }
    }

    private record Received(Object message, ActorRef<?> sender) {
    }

    private record WatchCommand(ActorRef<?> ref) {
    }

    private final class ProbeActor implements Actor<Object> {

        @Override
        public void receive(ReceiveContext<Object> context) {
            Object message = context.message();
            if (message instanceof WatchCommand) {
                context.watch(((WatchCommand) message).ref());
            } else {
                queue.add(new Received(message, context.sender()));
            }
        }

        @Override
        public void onTerminated(ActorContext<Object> context, Terminated terminated) {
            queue.add(new Received(terminated, null));
        }
    }
}
