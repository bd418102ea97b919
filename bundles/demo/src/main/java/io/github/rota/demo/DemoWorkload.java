package io.github.rota.demo;

import io.github.rota.api.Actor;
import io.github.rota.api.ActorRef;
import io.github.rota.api.ActorSystem;
import io.github.rota.api.Props;
import io.github.rota.api.ReceiveContext;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The demo's actors and its three traffic shapes, each taking about a third of every tick:
 * request/reply pairs (a client sends requests one at a time and waits for each reply), a fan-out
 * (one actor sends to {@value #FAN_OUT} workers, which each ack to a collector) and a hot actor
 * (the ticking thread sends to one actor directly). Counters say what has been handled.
 *
 * <p>Thread-safety: {@link #tick} is called by one thread at a time, and {@link #stop} after the
 * last tick; the counters are {@link LongAdder}s, the handled ones updated by the actors' turns.
 */
final class DemoWorkload {

    static final int PAIRS = 4;
    static final int FAN_OUT = 100;

    private final ActorSystem system;
    private final List<ActorRef<?>> topLevel = new ArrayList<>();
    private final List<ActorRef<Object>> clients = new ArrayList<>();
    private final ActorRef<Integer> fanOut;
    private final ActorRef<String> hot;
    final LongAdder roundTrips = new LongAdder();
    final LongAdder fanOutAcks = new LongAdder();
    final LongAdder hotMessages = new LongAdder();
    /** What the ticks started, for {@link #inFlight}: round trips, fan-out sends, hot messages. */
    private final LongAdder roundTripsStarted = new LongAdder();
    private final LongAdder fanOutsStarted = new LongAdder();
    private final LongAdder hotStarted = new LongAdder();

    /** A request whose reply goes back to the sender. */
    private record Request(int sequence) {
    }

    /**
     * @param prefix the start of every actor's name; a new run takes a new one, since the last
     *               run's actors may still be stopping under their names
     */
    DemoWorkload(ActorSystem system, String prefix) {
        this.system = system;
        for (int i = 0; i < PAIRS; i++) {
            ActorRef<Request> server = system.spawn(Props.create(Server::new), prefix + "-server-" + i);
            ActorRef<Object> client = system.spawn(Props.create(() -> new Client(server, roundTrips)), prefix + "-client-" + i);
            topLevel.add(server);
            topLevel.add(client);
            clients.add(client);
        }
        ActorRef<String> collector = system.spawn(
                Props.create(() -> (Actor<String>) context -> fanOutAcks.increment()), prefix + "-fanout-collector");
        List<ActorRef<String>> workers = new ArrayList<>();
        for (int i = 0; i < FAN_OUT; i++) {
            ActorRef<String> worker = system.spawn(
                    Props.create(() -> (Actor<String>) context -> collector.tell("ack")), prefix + "-fanout-worker-" + i);
            workers.add(worker);
            topLevel.add(worker);
        }
        fanOut = system.spawn(Props.create(() -> new FanOut(workers)), prefix + "-fanout");
        hot = system.spawn(Props.create(() -> (Actor<String>) context -> hotMessages.increment()), prefix + "-hot");
        topLevel.add(collector);
        topLevel.add(fanOut);
        topLevel.add(hot);
    }

    /** Starts about {@code messages} messages' worth of work, split over the three shapes. */
    void tick(int messages) {
        int third = Math.max(1, messages / 3);
        int perClient = Math.max(1, third / 2 / PAIRS); // a round trip is two messages
        for (ActorRef<Object> client : clients) {
            roundTripsStarted.add(perClient);
            client.tell(perClient);
        }
        int fanOuts = Math.max(1, third / 2); // each send is acked: two messages
        fanOutsStarted.add(fanOuts);
        fanOut.tell(fanOuts);
        hotStarted.add(third);
        for (int i = 0; i < third; i++) {
            hot.tell("hot");
        }
    }

    /** @return the work the ticks started that the actors have not finished yet */
    long inFlight() {
        return roundTripsStarted.sum() - roundTrips.sum() + fanOutsStarted.sum() - fanOutAcks.sum()
                + hotStarted.sum() - hotMessages.sum();
    }

    /**
     * Lets the work already started finish, for at most {@code drainMillis}, then stops every demo
     * actor; whatever is still in flight then becomes dead letters, as any message to a stopped actor.
     *
     * @return the work that was still in flight when the actors were stopped
     */
    long stop(long drainMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(drainMillis);
        while (inFlight() > 0 && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        long left = inFlight();
        topLevel.forEach(system::stop);
        return left;
    }

    /** Asks its server {@code n} times in a row, one request in flight. */
    private static final class Client implements Actor<Object> {
        private final ActorRef<Request> server;
        private final LongAdder roundTrips;
        private int owed;
        private int sequence;
        private boolean waiting;

        Client(ActorRef<Request> server, LongAdder roundTrips) {
            this.server = server;
            this.roundTrips = roundTrips;
        }

        @Override
        public void receive(ReceiveContext<Object> context) {
            if (context.message() instanceof Request) {
                roundTrips.increment();
                waiting = false;
            } else {
                owed += (Integer) context.message();
            }
            if (!waiting && owed > 0) {
                owed--;
                waiting = true;
                server.tell(new Request(sequence++), context.self());
            }
        }
    }

    /** Replies to every request with the request itself. */
    private static final class Server implements Actor<Request> {
        @Override
        @SuppressWarnings("unchecked")
        public void receive(ReceiveContext<Request> context) {
            ((ActorRef<Object>) context.sender()).tell(context.message(), context.self());
        }
    }

    /** Sends {@code n} messages round-robin over the workers. */
    private static final class FanOut implements Actor<Integer> {
        private final List<ActorRef<String>> workers;
        private int next;

        FanOut(List<ActorRef<String>> workers) {
            this.workers = workers;
        }

        @Override
        public void receive(ReceiveContext<Integer> context) {
            for (int i = 0; i < context.message(); i++) {
                workers.get(next).tell("work");
                next = (next + 1) % workers.size();
            }
        }
    }
}
