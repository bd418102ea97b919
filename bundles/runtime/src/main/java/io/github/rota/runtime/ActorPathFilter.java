package io.github.rota.runtime;

import io.github.rota.api.Settings;
import java.util.ArrayList;
import java.util.List;

/**
 * Which actors are tracked ({@value Settings#METRICS_ACTORS}): patterns of paths below
 * {@code rota://<system>/}, where {@code *} in an element matches any run of characters within it
 * and an element {@code **} matches any number of elements, none included. Matched once per spawn,
 * on the new actor's path elements, without building the path or a regular expression. Immutable.
 */
final class ActorPathFilter {

    static final ActorPathFilter NONE = new ActorPathFilter(List.of());

    private static final String ANY_ELEMENTS = "**";

    private final List<String[]> patterns;

    private ActorPathFilter(List<String[]> patterns) {
        this.patterns = patterns;
    }

    /**
     * @param spec patterns, comma-separated; blank for none
     * @throws IllegalArgumentException naming the pattern if one is malformed
     */
    static ActorPathFilter parse(String spec) {
        List<String[]> patterns = new ArrayList<>();
        for (String raw : spec.split(",")) {
            String pattern = raw.trim();
            if (pattern.isEmpty()) {
                continue;
            }
            String[] elements = pattern.split("/", -1);
            for (String element : elements) {
                if (!isValidElement(element)) {
                    throw new IllegalArgumentException(Settings.METRICS_ACTORS + ": pattern '" + pattern + "' is invalid:"
                            + " its path elements are actor names (letters, digits, '-', '_', '.'), '*' in a name, or"
                            + " '**' for any number of elements, separated by '/'");
                }
            }
            patterns.add(elements);
        }
        return patterns.isEmpty() ? NONE : new ActorPathFilter(List.copyOf(patterns));
    }

    boolean isEmpty() {
        return patterns.isEmpty();
    }

    /** Whether the actor named {@code name} under {@code parent} ({@code null}: a guardian) is tracked. */
    boolean matches(ActorCell<?> parent, String name) {
        if (patterns.isEmpty()) {
            return false;
        }
        int depth = 1;
        for (ActorCell<?> p = parent; p != null; p = p.parent) {
            depth++;
        }
        String[] path = new String[depth];
        path[depth - 1] = name;
        int i = depth - 2;
        for (ActorCell<?> p = parent; p != null; p = p.parent) {
            path[i--] = p.self.name();
        }
        for (String[] pattern : patterns) {
            if (matches(pattern, 0, path, 0)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(String[] pattern, int p, String[] path, int e) {
        if (p == pattern.length) {
            return e == path.length;
        }
        if (pattern[p].equals(ANY_ELEMENTS)) {
            for (int skip = e; skip <= path.length; skip++) {
                if (matches(pattern, p + 1, path, skip)) {
                    return true;
                }
            }
            return false;
        }
        return e < path.length && glob(pattern[p], 0, path[e], 0) && matches(pattern, p + 1, path, e + 1);
    }

    /** {@code *} matches any run of characters (none included); every other character itself. */
    private static boolean glob(String pattern, int p, String name, int n) {
        if (p == pattern.length()) {
            return n == name.length();
        }
        if (pattern.charAt(p) == '*') {
            for (int skip = n; skip <= name.length(); skip++) {
                if (glob(pattern, p + 1, name, skip)) {
                    return true;
                }
            }
            return false;
        }
        return n < name.length() && pattern.charAt(p) == name.charAt(n) && glob(pattern, p + 1, name, n + 1);
    }

    private static boolean isValidElement(String element) {
        if (element.isEmpty()) {
            return false;
        }
        if (element.equals(ANY_ELEMENTS)) {
            return true;
        }
        for (int i = 0; i < element.length(); i++) {
            char c = element.charAt(i);
            boolean nameChar = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '_' || c == '.';
            if (!nameChar && c != '*') {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        List<String> shown = new ArrayList<>();
        for (String[] pattern : patterns) {
            shown.add(String.join("/", pattern));
        }
        return String.join(",", shown);
    }
}
