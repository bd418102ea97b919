package io.github.rota.dispatcher.workstealing;

import io.github.rota.spi.dispatch.Schedulable;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** Numbered stand-ins for actors, and the exactly-once, in-order check of where they ended up. */
final class Actors {

    private Actors() {
    }

    /** {@return {@code n} distinct schedulables, in push order} */
    static List<Schedulable> make(int n) {
        List<Schedulable> actors = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int number = i;
            actors.add(turn -> number < 0); // capturing: a lambda without captures would be one shared instance
        }
        return actors;
    }

    /** {@return everything left in {@code ring}, oldest first} */
    static List<Schedulable> drain(LocalRing ring) {
        List<Schedulable> out = new ArrayList<>();
        for (Schedulable s = ring.pop(); s != null; s = ring.pop()) {
            out.add(s);
        }
        return out;
    }

    /**
     * @param places where actors ended up, each in the order it took or holds them
     * @param expected every actor that must be somewhere, in push order
     * @return {@code "OK"} if each expected actor is in exactly one place and every place holds
     *         its actors in push order; otherwise what went wrong
     */
    static String verdict(List<List<Schedulable>> places, List<Schedulable> expected) {
        Map<Schedulable, Integer> order = new IdentityHashMap<>();
        for (int i = 0; i < expected.size(); i++) {
            order.put(expected.get(i), i);
        }
        Map<Schedulable, Boolean> seen = new IdentityHashMap<>();
        for (List<Schedulable> place : places) {
            int last = -1;
            for (Schedulable s : place) {
                Integer position = order.get(s);
                if (position == null) {
                    return "unexpected actor";
                }
                if (seen.put(s, true) != null) {
                    return "actor " + position + " taken twice";
                }
                if (position < last) {
                    return "actor " + position + " after actor " + last;
                }
                last = position;
            }
        }
        return seen.size() == expected.size() ? "OK" : "lost " + (expected.size() - seen.size()) + " actors";
    }
}
