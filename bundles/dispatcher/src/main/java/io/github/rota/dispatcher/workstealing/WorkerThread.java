package io.github.rota.dispatcher.workstealing;

import io.github.rota.api.DispatcherCounter;
import io.github.rota.spi.dispatch.LingeringSchedulable;
import io.github.rota.spi.pool.EnvelopeCache;
import io.github.rota.spi.pool.EnvelopeCacheCarrier;
import java.util.concurrent.Callable;

/**
 * A thread of a work-stealing pool. Usually it runs one {@link Worker} — the worker's queues and
 * place in the pool — for its whole life. When a turn on it enters {@link #blocking}, the worker is
 * handed to a spare thread, so the pool keeps its parallelism; this thread finishes the turn
 * without a worker (what it makes ready goes to the global queue) and then waits, as a spare, for
 * a worker to run, until the keep-alive ends it. Its {@link Host} decides all of that.
 *
 * <p>It is also the {@link io.github.rota.spi.dispatch.Turn} of the turns it runs, so a turn
 * allocates nothing, and it carries the envelope pool's cache for the messages its turns send and
 * consume.
 *
 * <p>A thread that takes a worker over counts why ({@code takeOver}: a blocking turn's hand-over, a
 * dead thread's replacement) as the worker's new owner, once it runs: a thread that never started
 * took nothing over.
 *
 * <p>Threads: {@code worker} is written by this thread (giving its worker away) and, while this
 * thread has none, by the thread handing it one (a volatile write it reads before running the
 * worker, which also publishes the worker's owner-only fields and {@code takeOver}). The turn
 * fields are this thread's.
 */
final class WorkerThread extends Thread implements Worker.Owner, EnvelopeCacheCarrier {

    /** What keeps the pool's threads: it hands workers over, replaces dead threads and counts. */
    interface Host {
        /** @return the worker {@code thread}, which has none, runs next; {@code null}: it must end */
        Worker awaitWorker(WorkerThread thread);

        /** @return {@code true} if {@code thread} must carry on running its worker after {@code death} */
        boolean threadDied(WorkerThread thread, Throwable death);

        void threadEnded(WorkerThread thread);

        <T> T blocking(WorkerThread thread, Callable<T> work) throws Exception;

        /** Messages handled by a turn on a thread running {@code worker}, or none ({@code null}). */
        void countMessages(Worker worker, int count);
    }

    final Host host;
    private volatile Worker worker;
    /** Why this thread was given its worker, to count once it runs it; {@code null}: nothing to count. */
    private DispatcherCounter takeOver;
    private int turnBudget;
    private int lastMessagesHandled;
    /** The envelope pool's cache for this thread (see {@link EnvelopeCacheCarrier}); this thread's own. */
    private EnvelopeCache envelopeCache;

    /**
     * @param worker the worker it runs; {@code null} for none yet
     * @param takeOver why it takes {@code worker} over, counted once it runs it; {@code null}: the
     *        worker's first thread
     */
    WorkerThread(Host host, Worker worker, DispatcherCounter takeOver, String name) {
        super(name);
        this.host = host;
        this.takeOver = takeOver;
        this.worker = worker;
        setDaemon(true);
        // A fixed class loader rather than whichever thread happened to start the pool (in OSGi, an
        // SCR or ConfigAdmin thread): the same as the JDK's common ForkJoinPool gives its workers.
        setContextClassLoader(ClassLoader.getSystemClassLoader());
    }

    @Override
    public Worker worker() {
        return worker;
    }

    @Override
    public EnvelopeCache envelopeCache() {
        return envelopeCache;
    }

    @Override
    public void envelopeCache(EnvelopeCache cache) {
        envelopeCache = cache;
    }

    /** This thread gives up its worker (its turn is about to block). */
    void detach() {
        worker = null;
    }

    /** This thread runs {@code worker} (again) from now on: called by this thread. */
    void attach(Worker worker) {
        this.worker = worker;
    }

    /** This thread, a spare with no worker, takes {@code worker} over from a blocking turn's thread. */
    void handOver(Worker worker) {
        this.takeOver = DispatcherCounter.BLOCKING_HANDOVERS;
        this.worker = worker; // volatile: publishes takeOver too
    }

    @Override
    public void run() {
        Worker current = worker;
        try {
            while (true) {
                try {
                    if (current == null) {
                        current = host.awaitWorker(this);
                        if (current == null) {
                            return; // kept alive long enough, or the queues closed
                        }
                    }
                    if (takeOver != null) {
                        // Counted by the new owner: a thread that could not be started took nothing over.
                        current.core().counters.increment(takeOver);
                        takeOver = null;
                    }
                    while (current.runOn(this)) {
                        // one slice at a time (Worker.ROUNDS_PER_SLICE says why)
                    }
                } catch (Throwable death) {
                    if (host.threadDied(this, death)) {
                        continue; // repaired, and no other thread could take the worker: go on here
                    }
                    return;
                }
                if (worker == current) {
                    return; // still ours: the queues closed
                }
                current = null; // handed over during a blocking turn: this thread is a spare now
            }
        } finally {
            flushEnvelopeCache();
            host.threadEnded(this);
        }
    }

    /** Only while this thread runs a worker: a turn that blocked finished without one, and goes idle. */
    @Override
    public boolean linger(LingeringSchedulable self) {
        Worker current = worker;
        return current != null && current.core().acceptLinger(self);
    }

    @Override
    public void beginTurn(int budget) {
        turnBudget = budget;
    }

    /** About to park: a retired envelope pool's cache is let go here, where nothing else would. */
    @Override
    public void beforePark() {
        flushRetiredEnvelopeCache();
    }

    @Override
    public int budget() {
        return turnBudget;
    }

    @Override
    public void messagesHandled(int count) {
        lastMessagesHandled = count;
        host.countMessages(worker, count);
    }

    @Override
    public int lastMessagesHandled() {
        return lastMessagesHandled;
    }

    @Override
    public <T> T blocking(Callable<T> work) throws Exception {
        return host.blocking(this, work);
    }
}
