package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import java.util.ArrayList;
import java.util.List;

/**
 * An actor's children by name (Pekko's dungeon {@code Children}): added by spawns, from the actor's
 * own turns and, for top-level actors, from any thread; removed as each child's end is reported.
 * Once the actor stops it refuses new children, so stopping can wait for a set that only shrinks.
 *
 * <p>Layout: a child knows its own name, so the set keeps only the children, in an open-addressing
 * table (linear probing, at most half full, deletion by backward shift, so no tombstones), with each
 * name's hash in a parallel array, so probing and resizing compare and place by hash without
 * reading the children: a reference and an int per slot where a hash map keeps a 40-byte entry,
 * which a parent of a million children pays a million times. The table shrinks as children end.
 * A snapshot lists the children in the table's order, not the order they were spawned in (Pekko
 * promises none either): a parent resumes, restarts and stops its children in that order.
 *
 * <p>Threads: guarded by this object's monitor.
 *
 * @param <C> the type of a child
 */
final class Children<C extends Children.Child> {

    /** What the set needs of a child: the name it was spawned under, which never changes. */
    interface Child {
        String childName();
    }

    private static final int MIN_CAPACITY = 4;
    /**
     * The set of every actor that stops without having had a child: empty and refusing, so stopping
     * a million leaf actors makes no set. It never changes (every write to a set needs a child or
     * goes to {@code refusing}, which is already set), so sharing it shares no state.
     */
    @SuppressWarnings("rawtypes")
    static final Children NONE_AND_REFUSING = new Children<>(true);

    /** {@code null} until the first child; a power of two in length, at most half full. */
    private Child[] table;
    /** The {@linkplain #hash hash} of the name of the child in the same slot of {@link #table}. */
    private int[] hashes;
    private int size;
    private boolean refusing;

    Children() {
        this(false);
    }

    private Children(boolean refusing) {
        this.refusing = refusing;
    }

    /**
     * Adds {@code child} under its name; {@code parent} only names the parent in a refusal.
     *
     * @throws IllegalStateException if the parent is stopping
     * @throws IllegalArgumentException if the name is taken
     */
    synchronized void add(C child, ActorRef<?> parent) {
        String name = child.childName();
        if (refusing) {
            throw new IllegalStateException("cannot spawn '" + name + "': " + parent.path() + " is stopping");
        }
        int hash = hash(name);
        if (indexOf(name, hash) >= 0) {
            throw new IllegalArgumentException("actor name '" + name + "' is already taken under " + parent.path());
        }
        if (table == null) {
            table = new Child[MIN_CAPACITY];
            hashes = new int[MIN_CAPACITY];
        } else if (2 * (size + 1) > table.length) {
            resize(2 * table.length);
        }
        place(child, hash);
        size++;
    }

    /** The parent is stopping: no child is added from now on. @return the children there are now */
    synchronized List<C> refuseNew() {
        if (!refusing) {
            refusing = true;
        }
        return snapshot();
    }

    /** A child's end was reported. @return whether no child is left */
    synchronized boolean remove(C child) {
        int i = indexOf(child.childName());
        if (i >= 0 && table[i] == child) {
            deleteAt(i);
            size--;
            if (size == 0) {
                table = null;
                hashes = null;
            } else if (table.length > MIN_CAPACITY && 8 * size < table.length) {
                resize(table.length / 2);
            }
        }
        return size == 0;
    }

    @SuppressWarnings("unchecked") // only Cs go in
    synchronized List<C> snapshot() {
        if (size == 0) {
            return List.of();
        }
        List<C> children = new ArrayList<>(size);
        for (Child c : table) {
            if (c != null) {
                children.add((C) c);
            }
        }
        return children;
    }

    synchronized int count() {
        return size;
    }

    /** @return the child of that name, or {@code null} */
    @SuppressWarnings("unchecked") // only Cs go in
    synchronized C get(String name) {
        int i = indexOf(name);
        return i < 0 ? null : (C) table[i];
    }

    /** @return whether {@code child} is the child of its name (and not an earlier one's namesake) */
    synchronized boolean contains(C child) {
        int i = indexOf(child.childName());
        return i >= 0 && table[i] == child;
    }

    /** @return the slot of the child named {@code name}, or -1 */
    private int indexOf(String name) {
        return indexOf(name, hash(name));
    }

    private int indexOf(String name, int hash) {
        if (table == null) {
            return -1;
        }
        int mask = table.length - 1;
        for (int i = hash & mask; table[i] != null; i = (i + 1) & mask) {
            if (hashes[i] == hash && table[i].childName().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Puts {@code child} in the first free slot from its home; the table has one. */
    private void place(Child child, int hash) {
        int mask = table.length - 1;
        int i = hash & mask;
        while (table[i] != null) {
            i = (i + 1) & mask;
        }
        table[i] = child;
        hashes[i] = hash;
    }

    /**
     * Empties slot {@code hole} and moves back the entries of its probe run that may fill it: an entry
     * moves if its home slot is not between the hole and where it sits (cyclically), so every entry
     * stays reachable from its home without tombstones (Knuth's algorithm R).
     */
    private void deleteAt(int hole) {
        int mask = table.length - 1;
        for (int i = (hole + 1) & mask; table[i] != null; i = (i + 1) & mask) {
            int home = hashes[i] & mask;
            if (((i - home) & mask) >= ((i - hole) & mask)) {
                table[hole] = table[i];
                hashes[hole] = hashes[i];
                hole = i;
            }
        }
        table[hole] = null;
    }

    private void resize(int capacity) {
        Child[] oldTable = table;
        int[] oldHashes = hashes;
        // Both made before either is installed: an OutOfMemoryError leaves the set as it was.
        Child[] newTable = new Child[capacity];
        int[] newHashes = new int[capacity];
        table = newTable;
        hashes = newHashes;
        for (int i = 0; i < oldTable.length; i++) {
            if (oldTable[i] != null) {
                place(oldTable[i], oldHashes[i]);
            }
        }
    }

    /**
     * The name's hash through MurmurHash3's finalizer, so every bit of it reaches every bit of the
     * slot; a child's home slot is its low bits. Low bits, not the top bits of a product: halving the
     * table then folds a range of slots onto a range as long, so children that end in the table's
     * order (a stopping parent's do) leave no half-size range holding everything that is left, and
     * probing stays short. Names with equal {@link String#hashCode} still share a probe run (a hash
     * map would make a tree of them): child names are the application's, not its users'.
     */
    private static int hash(String name) {
        int h = name.hashCode();
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        return h ^ (h >>> 16);
    }
}
