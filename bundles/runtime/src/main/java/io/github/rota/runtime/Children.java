package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * An actor's children by name (Pekko's dungeon {@code Children}): added by spawns, from the actor's
 * own turns and, for top-level actors, from any thread; removed as each child's end is reported.
 * Once the actor stops it refuses new children, so stopping can wait for a set that only shrinks.
 *
 * <p>Threads: guarded by this object's monitor. The values are the children's cells; this class
 * needs nothing of them but their identity.
 *
 * @param <C> the type of a child
 */
final class Children<C> {

    private LinkedHashMap<String, C> byName;
    private boolean refusing;

    /**
     * Adds {@code child} under {@code name}; {@code parent} only names the parent in a refusal.
     *
     * @throws IllegalStateException if the parent is stopping
     * @throws IllegalArgumentException if {@code name} is taken
     */
    synchronized void add(String name, C child, ActorRef<?> parent) {
        if (refusing) {
            throw new IllegalStateException("cannot spawn '" + name + "': " + parent.path() + " is stopping");
        }
        if (byName == null) {
            byName = new LinkedHashMap<>();
        }
        if (byName.putIfAbsent(name, child) != null) {
            throw new IllegalArgumentException("actor name '" + name + "' is already taken under " + parent.path());
        }
    }

    /** The parent is stopping: no child is added from now on. @return the children there are now */
    synchronized List<C> refuseNew() {
        refusing = true;
        return snapshot();
    }

    /** A child's end was reported. @return whether no child is left */
    synchronized boolean remove(String name, C child) {
        if (byName != null) {
            byName.remove(name, child);
        }
        return byName == null || byName.isEmpty();
    }

    synchronized List<C> snapshot() {
        return byName == null ? List.of() : new ArrayList<>(byName.values());
    }

    synchronized int count() {
        return byName == null ? 0 : byName.size();
    }

    /** @return the child of that name, or {@code null} */
    synchronized C get(String name) {
        return byName == null ? null : byName.get(name);
    }

    /** @return whether {@code child} is the child of that name (and not an earlier one's namesake) */
    synchronized boolean contains(String name, C child) {
        return byName != null && byName.get(name) == child;
    }
}
