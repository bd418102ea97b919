package io.github.rota.api;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * How to create and run an actor: its factory, the dispatcher and mailbox type it uses (by id),
 * an optional per-actor throughput budget, and the strategy it applies to its own children.
 * Unset dispatcher and mailbox ids mean the system's defaults
 * ({@code rota.system.default.dispatcher}, {@code rota.system.default.mailbox}).
 *
 * <p>Immutable and thread-safe; each {@code with…} method returns a new instance.
 *
 * @param <M> the actor's message type
 */
public final class Props<M> {

    /** Smallest throughput budget a dispatcher or an actor accepts. */
    public static final int MIN_THROUGHPUT = 1;
    /** Largest throughput budget a dispatcher or an actor accepts. */
    public static final int MAX_THROUGHPUT = 1_000_000;

    private final Supplier<? extends Actor<M>> factory;
    private final String dispatcherId;
    private final String mailboxId;
    private final int throughput;
    private final SupervisorStrategy supervisorStrategy;

    private Props(Supplier<? extends Actor<M>> factory, String dispatcherId, String mailboxId,
                  int throughput, SupervisorStrategy supervisorStrategy) {
        this.factory = factory;
        this.dispatcherId = dispatcherId;
        this.mailboxId = mailboxId;
        this.throughput = throughput;
        this.supervisorStrategy = supervisorStrategy;
    }

    /**
     * Props for an actor made by {@code factory}, with the system's default dispatcher, mailbox, budget and supervision.
     *
     * @param factory creates a fresh actor instance at start and at every restart; must not
     *                return null or a shared instance
     * @param <M> the actor's message type
     * @return props with the system defaults
     * @throws NullPointerException if {@code factory} is null
     */
    public static <M> Props<M> create(Supplier<? extends Actor<M>> factory) {
        return new Props<>(Objects.requireNonNull(factory, "factory"), null, null, 0,
                SupervisorStrategy.defaultStrategy());
    }

    /**
     * Runs the actor on another dispatcher than the system's default.
     *
     * @param id the dispatcher to run on, as configured in the system's settings
     * @return new props
     * @throws NullPointerException if {@code id} is null
     * @throws IllegalArgumentException if {@code id} is blank
     */
    public Props<M> withDispatcher(String id) {
        return new Props<>(factory, checkId(id, "dispatcher id"), mailboxId, throughput, supervisorStrategy);
    }

    /**
     * Gives the actor another mailbox type than the system's default.
     *
     * @param id the mailbox type, e.g. {@code unbounded}
     * @return new props
     * @throws NullPointerException if {@code id} is null
     * @throws IllegalArgumentException if {@code id} is blank
     */
    public Props<M> withMailbox(String id) {
        return new Props<>(factory, dispatcherId, checkId(id, "mailbox id"), throughput, supervisorStrategy);
    }

    /**
     * Gives this actor its own throughput budget (messages per turn), which caps its dispatcher's:
     * a turn of the actor handles at most the lower of the two, so an actor can be reined in below
     * its dispatcher's budget but never run longer turns than its dispatcher allows (an operator who
     * lowers a dispatcher's budget live reins in every actor on it).
     *
     * @param budget {@value #MIN_THROUGHPUT}..{@value #MAX_THROUGHPUT}
     * @return new props
     * @throws IllegalArgumentException if {@code budget} is out of range
     */
    public Props<M> withThroughput(int budget) {
        if (budget < MIN_THROUGHPUT || budget > MAX_THROUGHPUT) {
            throw new IllegalArgumentException("throughput budget must be in " + MIN_THROUGHPUT + ".."
                    + MAX_THROUGHPUT + ", was " + budget);
        }
        return new Props<>(factory, dispatcherId, mailboxId, budget, supervisorStrategy);
    }

    /**
     * Sets how failures of this actor's children are handled.
     *
     * @param strategy how this actor supervises its children
     * @return new props
     * @throws NullPointerException if {@code strategy} is null
     */
    public Props<M> withSupervisorStrategy(SupervisorStrategy strategy) {
        return new Props<>(factory, dispatcherId, mailboxId, throughput,
                Objects.requireNonNull(strategy, "supervisor strategy"));
    }

    /** {@return the actor factory} */
    public Supplier<? extends Actor<M>> factory() {
        return factory;
    }

    /** {@return the dispatcher id, or {@code null} for the system default} */
    public String dispatcherId() {
        return dispatcherId;
    }

    /** {@return the mailbox type id, or {@code null} for the system default} */
    public String mailboxId() {
        return mailboxId;
    }

    /** {@return the per-actor throughput budget, or 0 to use the dispatcher's} */
    public int throughput() {
        return throughput;
    }

    /** {@return how this actor supervises its children} */
    public SupervisorStrategy supervisorStrategy() {
        return supervisorStrategy;
    }

    private static String checkId(String id, String what) {
        Objects.requireNonNull(id, what);
        if (id.isBlank()) {
            throw new IllegalArgumentException(what + " must not be blank");
        }
        return id;
    }

    @Override
    public String toString() {
        return "Props[dispatcher=" + (dispatcherId == null ? "<default>" : dispatcherId)
                + ", mailbox=" + (mailboxId == null ? "<default>" : mailboxId)
                + ", throughput=" + (throughput == 0 ? "<dispatcher>" : throughput)
                + ", supervision=" + supervisorStrategy + "]";
    }
}
