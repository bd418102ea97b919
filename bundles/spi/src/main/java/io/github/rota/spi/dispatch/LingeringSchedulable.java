package io.github.rota.spi.dispatch;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A schedulable that can stay with its worker between turns ({@link Turn#linger}): an actor whose
 * exchange with another goes on on that worker. Optional on both sides: a schedulable that never
 * asks to linger implements {@link Schedulable} only, and a dispatcher that never agrees never calls
 * these methods.
 */
@ConsumerType
public interface LingeringSchedulable extends Schedulable {

    /**
     * Whether a lingering schedulable has work now, read by its holder after other turns to decide
     * whether to resume it. May lag behind a producer on another thread; a late answer delays the turn,
     * never loses it, since {@link #releaseLingering} checks again after going idle.
     *
     * @return whether a turn would find work
     */
    boolean hasWork();

    /**
     * Lets a lingering schedulable go, once, from whichever thread holds it: it becomes idle, then
     * looks at its work again (the re-check that follows going idle, so a producer that saw it running
     * is never lost), and if work arrived meanwhile it takes it as a new scheduling.
     *
     * @return {@code true} if it is ready again: the caller must queue it, as after a schedule;
     *         {@code false} if it is idle (or a producer has scheduled it)
     */
    boolean releaseLingering();
}
