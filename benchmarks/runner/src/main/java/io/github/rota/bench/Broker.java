package io.github.rota.bench;

import io.github.rota.bench.spi.Context;
import io.github.rota.bench.spi.Contender;
import io.github.rota.bench.spi.Ref;
import java.util.ArrayDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * {@code broker}: {@value #CLIENTS} client actors each send a request to one broker actor, which
 * pairs two waiting clients and replies to both; a client that hears back asks again at once. Most
 * messages cross from one worker to another: every client talks to the same broker, and the broker
 * answers two clients at once. A round is a number of pairings; once it has made them the broker
 * holds every request that comes in (each client has one outstanding), the round ends when all
 * {@value #CLIENTS} are held, and the next round starts by pairing those. Each client sends the same
 * request object every time (it names the client), so the workload allocates nothing per message.
 */
final class Broker implements Workload {

    static final int CLIENTS = 64;

    private final int basePairings;
    private Ref<Object> broker;
    private int pairings;

    /** @param pairings pairings per round at scale 1 */
    Broker(int pairings) {
        this.basePairings = pairings;
    }

    @Override
    public String name() {
        return "broker";
    }

    @Override
    public void setUp(Contender contender, double scale) {
        pairings = Math.max(1, (int) (basePairings * scale));
        broker = contender.spawn("broker", new BrokerBehavior()::receive);
        CountDownLatch allHeld = new CountDownLatch(1);
        broker.tell(new RoundStart(0, allHeld)); // nothing to pair: it holds the clients' first requests
        for (int c = 0; c < CLIENTS; c++) {
            Ref<Object> client = contender.spawn("client-" + c, new Client(broker)::receive);
            client.tell(Client.ASK);
        }
        try {
            if (!allHeld.await(1, TimeUnit.MINUTES)) {
                throw new IllegalStateException("broker: the clients' first requests did not arrive");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("broker: interrupted while the clients started", e);
        }
    }

    @Override
    public Outcome round(Window window, Histogram latencies) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        window.open();
        broker.tell(new RoundStart(pairings, done));
        if (!done.await(5, TimeUnit.MINUTES)) {
            throw new IllegalStateException("broker: the round's pairings were not made");
        }
        window.close();
        return Outcome.of(4L * pairings); // each pairing: two replies out, and the two requests they bring back
    }

    /** The runner's signal to the broker: pair {@code pairings} times, then count down {@code done}. */
    private record RoundStart(int pairings, CountDownLatch done) {
    }

    /** A client's request: it names the client, so the broker can answer it later. */
    private record Request(Ref<Object> client) {
    }

    /** Pairs waiting clients while the round has pairings left; holds the requests after that. */
    private static final class BrokerBehavior {
        private final ArrayDeque<Ref<Object>> held = new ArrayDeque<>(CLIENTS);
        private Ref<Object> waiting;
        private int pairingsLeft;
        private CountDownLatch done;

        void receive(Context<Object> context, Object message) {
            if (message instanceof RoundStart start) {
                pairingsLeft = start.pairings();
                done = start.done();
                for (int i = held.size(); i > 0; i--) {
                    request(context, held.poll());
                }
                return;
            }
            request(context, ((Request) message).client());
        }

        private void request(Context<Object> context, Ref<Object> client) {
            if (pairingsLeft == 0) {
                held.add(client);
                if (held.size() == CLIENTS) {
                    done.countDown();
                }
            } else if (waiting == null) {
                waiting = client;
            } else {
                waiting.tell(Client.PAIRED, context.self());
                client.tell(Client.PAIRED, context.self());
                waiting = null;
                pairingsLeft--;
            }
        }
    }

    /** Asks the broker, and again each time it is paired. */
    private static final class Client {
        static final Object ASK = "ask";
        static final Object PAIRED = "paired";

        private final Ref<Object> broker;
        private Request request;

        Client(Ref<Object> broker) {
            this.broker = broker;
        }

        void receive(Context<Object> context, Object message) {
            if (request == null) {
                request = new Request(context.self());
            }
            broker.tell(request, context.self());
        }
    }
}
