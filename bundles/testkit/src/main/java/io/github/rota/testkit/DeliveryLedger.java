package io.github.rota.testkit;

import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.DeadLetter;
import io.github.rota.api.management.ObjectNames;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Exact accounting of every message of a run, for stress tests that must show nothing was lost,
 * handled twice or reordered. Senders take numbered messages from the ledger ({@link #next}) and
 * send them; receivers report each one they handle ({@link #handled}); dead letters are recorded
 * as the system publishes them. {@link #settle} waits until every sent message is accounted for and
 * returns a {@link Report}: sent = handled + dead letters (by reason), no message twice, each
 * sender's messages to each receiver handled in send order, and — when the system has an envelope
 * pool, whose envelopes it waits for too — every envelope taken from the pool given back.
 *
 * <p>Thread-safety: each (sender, receiver) lane's state is guarded by the lane's monitor; a lane is
 * written by its sender's thread, by the receiving actor's turns and by whichever thread publishes
 * a dead letter. The totals are atomic; {@link #settle} waits on the ledger's monitor, which the last
 * accounted message notifies.
 */
public final class DeliveryLedger {

    /**
     * A numbered message.
     *
     * @param ledger the number of the ledger that issued it, so ledgers on one system keep apart
     * @param sender the sender's number, chosen by the test
     * @param receiver the receiver's path
     * @param sequence the message's number in its lane, from 0
     */
    public record Tracked(int ledger, int sender, String receiver, long sequence) {
    }

    /**
     * What a settled run adds up to.
     *
     * @param sent messages sent
     * @param handled messages their receivers handled (including those whose handler then threw)
     * @param deadLetters the tracked messages that became dead letters, by reason
     * @param lost messages neither handled nor dead-lettered
     * @param duplicates messages accounted more than once, described
     * @param reordered messages handled after a later one of the same lane, described
     * @param envelopesOutstanding envelopes taken from the pool and not given back; 0 without a pool
     */
    public record Report(long sent, long handled, Map<DeadLetter.Reason, Long> deadLetters, long lost,
                         List<String> duplicates, List<String> reordered, long envelopesOutstanding) {

        /** @return the tracked dead letters of every reason */
        public long dead() {
            return deadLetters.values().stream().mapToLong(Long::longValue).sum();
        }

        /** @return whether everything added up */
        public boolean exact() {
            return lost == 0 && duplicates.isEmpty() && reordered.isEmpty() && envelopesOutstanding == 0
                    && sent == handled + dead();
        }

        /**
         * @return this report
         * @throws AssertionError naming what did not add up
         */
        public Report assertExact() {
            if (!exact()) {
                throw new AssertionError("delivery does not add up: " + this + "; duplicates "
                        + duplicates.subList(0, Math.min(10, duplicates.size())) + ", reordered "
                        + reordered.subList(0, Math.min(10, reordered.size())));
            }
            return this;
        }

        @Override
        public String toString() {
            return "sent=" + sent + " handled=" + handled + " dead=" + dead() + " " + deadLetters + " lost=" + lost
                    + " duplicates=" + duplicates.size() + " reordered=" + reordered.size()
                    + " envelopesOutstanding=" + envelopesOutstanding;
        }
    }

    private static final AtomicInteger LEDGERS = new AtomicInteger();
    /** How often {@link #settle} reads the pool's counters while an envelope is still out. */
    private static final long POOL_POLL_NANOS = 10_000_000;

    private final int id = LEDGERS.incrementAndGet();
    private final ActorSystem system;
    private final Map<String, Lane> lanes = new ConcurrentHashMap<>();
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong accounted = new AtomicLong();
    private final LongAdder handled = new LongAdder();
    private final Map<DeadLetter.Reason, LongAdder> dead = new EnumMap<>(DeadLetter.Reason.class);
    private final List<String> duplicates = Collections.synchronizedList(new ArrayList<>());
    private final List<String> reordered = Collections.synchronizedList(new ArrayList<>());
    private final PoolCounters poolAtStart;
    private final DeadLetterTap tap = new DeadLetterTap();

    private DeliveryLedger(ActorSystem system) {
        this.system = system;
        for (DeadLetter.Reason reason : DeadLetter.Reason.values()) {
            dead.put(reason, new LongAdder());
        }
        poolAtStart = PoolCounters.read(system.name());
    }

    /**
     * Starts accounting on {@code system}: from now on its dead letters of {@link Tracked} messages
     * are recorded.
     *
     * @param system the system the run uses
     * @return the ledger
     */
    public static DeliveryLedger attach(ActorSystem system) {
        DeliveryLedger ledger = new DeliveryLedger(Objects.requireNonNull(system, "system"));
        system.eventStream().subscribe(ledger.tap, DeadLetter.class);
        return ledger;
    }

    /**
     * Numbers the next message from {@code sender} to {@code receiver} and counts it as sent; send
     * it right after, from the same thread as the sender's earlier ones.
     *
     * @param sender the sender's number
     * @param receiver the receiver
     * @return the message to send
     */
    public Tracked next(int sender, ActorRef<?> receiver) {
        Lane lane = lane(sender, receiver.path());
        sent.incrementAndGet();
        synchronized (lane) {
            return new Tracked(id, sender, receiver.path(), lane.sent++);
        }
    }

    /**
     * Records that a receiver handled {@code message}; call it in the receiver's turn, before
     * anything that may throw.
     *
     * @param message the message handled
     */
    public void handled(Tracked message) {
        if (message.ledger() != id) {
            throw new IllegalArgumentException(message + " was issued by another ledger");
        }
        Lane lane = lane(message);
        synchronized (lane) {
            if (!lane.account(message.sequence(), this)) {
                return;
            }
            if (message.sequence() < lane.lastHandled) {
                reordered.add(lane.name + ": #" + message.sequence() + " after #" + lane.lastHandled);
            }
            lane.lastHandled = message.sequence();
        }
        handled.increment();
        accounted();
    }

    /**
     * {@return about how much memory the ledger's own records take: one bit per message, in bit sets
     * that grow by doubling} A soak subtracts it from the heap to judge the runtime's own.
     */
    public long footprintBytes() {
        long bytes = 0;
        for (Lane lane : lanes.values()) {
            synchronized (lane) {
                bytes += lane.accounted.size() / 8;
            }
        }
        return bytes;
    }

    /** {@return how many messages have been numbered so far} */
    public long sent() {
        return sent.get();
    }

    /**
     * Waits until every message sent so far has been handled or dead-lettered and, with a pool,
     * every envelope is back, or until {@code timeout} has passed, and adds up the run.
     *
     * @param timeout how long to wait for the last messages
     * @return the report; {@link Report#assertExact()} checks it
     * @throws InterruptedException if interrupted while waiting
     */
    public Report settle(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (this) {
            long left;
            while (accounted.get() < sent.get() && (left = deadline - System.nanoTime()) > 0) {
                wait(Math.max(1, left / 1_000_000));
            }
        }
        long lost = 0;
        for (Lane lane : lanes.values()) {
            synchronized (lane) {
                lost += lane.sent - lane.accounted.cardinality();
            }
        }
        Map<DeadLetter.Reason, Long> byReason = new EnumMap<>(DeadLetter.Reason.class);
        dead.forEach((reason, count) -> byReason.put(reason, count.sum()));
        long outstanding = envelopesOutstanding(deadline);
        return new Report(sent.get(), handled.sum(), byReason, lost, List.copyOf(duplicates), List.copyOf(reordered),
                outstanding);
    }

    /**
     * Envelopes taken from the pool since the ledger was attached and not given back, once that
     * reaches 0 or at {@code deadline}. The last message accounted for does not mean the last
     * envelope is back: one may still be on its way (a message an actor sent while handling a
     * tracked one, a wake-up to an actor that is stopping), and the counters are read one after
     * another while the system runs. An envelope that never comes back is still reported.
     */
    private long envelopesOutstanding(long deadline) {
        if (poolAtStart == null) {
            return 0;
        }
        while (true) {
            PoolCounters poolNow = PoolCounters.read(system.name());
            long outstanding = poolNow == null ? 0 : poolNow.outstandingSince(poolAtStart);
            if (outstanding == 0 || deadline - System.nanoTime() <= 0) {
                return outstanding;
            }
            LockSupport.parkNanos(POOL_POLL_NANOS);
        }
    }

    private Lane lane(Tracked message) {
        return lane(message.sender(), message.receiver());
    }

    /** The one place a lane is named, so the sending and the receiving side find the same one. */
    private Lane lane(int sender, String receiver) {
        return lanes.computeIfAbsent(sender + " -> " + receiver, Lane::new);
    }

    private void deadLetter(Tracked message, DeadLetter.Reason reason) {
        Lane lane = lane(message);
        synchronized (lane) {
            if (!lane.account(message.sequence(), this)) {
                return;
            }
        }
        dead.get(reason).increment();
        accounted();
    }

    private void accounted() {
        if (accounted.incrementAndGet() >= sent.get()) {
            synchronized (this) {
                notifyAll();
            }
        }
    }

    /** One sender's messages to one receiver. Guarded by its own monitor. */
    private static final class Lane {
        final String name;
        final BitSet accounted = new BitSet();
        long sent;
        long lastHandled = -1;

        Lane(String name) {
            this.name = name;
        }

        /** @return false, recording a duplicate, if the message was accounted before */
        boolean account(long sequence, DeliveryLedger ledger) {
            if (accounted.get((int) sequence)) {
                ledger.duplicates.add(name + ": #" + sequence);
                return false;
            }
            accounted.set((int) sequence);
            return true;
        }
    }

    /** The pool's MBean counters: everything taken out either came back or was dropped for the GC. */
    private record PoolCounters(long hits, long misses, long drops, long size) {

        static PoolCounters read(String system) {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            try {
                ObjectName name = ObjectNames.envelopePool(system);
                if (!server.isRegistered(name)) {
                    return null;
                }
                return new PoolCounters((Long) server.getAttribute(name, "Hits"), (Long) server.getAttribute(name, "Misses"),
                        (Long) server.getAttribute(name, "Drops"), ((Number) server.getAttribute(name, "Size")).longValue());
            } catch (JMException e) {
                return null;
            }
        }

        /** Taken out since {@code start} (hits + misses) less given back (kept or dropped). */
        long outstandingSince(PoolCounters start) {
            long taken = (hits - start.hits) + (misses - start.misses);
            long returned = (size - start.size) + (hits - start.hits) + (drops - start.drops);
            return taken - returned;
        }
    }

    /** Subscribed to dead letters: records them on the publishing thread, so none is missed at termination. */
    private final class DeadLetterTap implements ActorRef<Object> {

        @Override
        public String name() {
            return "delivery-ledger";
        }

        @Override
        public String path() {
            return ActorRef.PATH_SCHEME + system.name() + "/delivery-ledger";
        }

        @Override
        public void tell(Object message) {
            if (message instanceof DeadLetter letter && letter.message() instanceof Tracked tracked
                    && tracked.ledger() == id) {
                deadLetter(tracked, letter.reason());
            }
        }

        @Override
        public void tell(Object message, ActorRef<?> sender) {
            tell(message);
        }

        @Override
        public <R> CompletionStage<R> ask(Object message, Duration timeout) {
            return CompletableFuture.failedStage(new UnsupportedOperationException("the ledger answers nothing"));
        }

        @Override
        public <R> CompletionStage<R> askFor(Function<? super ActorRef<R>, ?> request, Duration timeout) {
            return CompletableFuture.failedStage(new UnsupportedOperationException("the ledger answers nothing"));
        }
    }
}
