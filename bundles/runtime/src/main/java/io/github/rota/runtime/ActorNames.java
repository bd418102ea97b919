package io.github.rota.runtime;

import io.github.rota.api.ActorRef;
import java.util.Objects;

/**
 * Which names actors and actor systems may have, and the paths they make. A name is ASCII letters,
 * digits, '-', '_' and '.', starting with a letter or digit. Checked by a loop over the characters,
 * not a regular expression: every spawn checks a name, and a matcher per spawn allocated over 200 B,
 * a fifth of what a tree of a million short-lived actors allocated per actor.
 */
final class ActorNames {

    private ActorNames() {
    }

    /**
     * {@return the path of actor {@code actorName}: below its parent's, or at the top of system
     * {@code systemName} for a top-level actor}
     *
     * @param parent the parent's reference, or {@code null} for a top-level actor
     */
    static String path(ActorRef<?> parent, String systemName, String actorName) {
        return parent == null ? ActorRef.PATH_SCHEME + systemName + "/" + actorName : parent.path() + "/" + actorName;
    }

    static String checkActorName(String name) {
        return check(name, "actor name");
    }

    static String checkSystemName(String name) {
        return check(name, "actor system name");
    }

    private static String check(String name, String what) {
        Objects.requireNonNull(name, what);
        if (!isValid(name)) {
            throw new IllegalArgumentException(what + " '" + name + "' is invalid: use letters, digits, '-', '_'"
                    + " and '.', starting with a letter or digit");
        }
        return name;
    }

    private static boolean isValid(String name) {
        if (name.isEmpty() || !isLetterOrDigit(name.charAt(0))) {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!isLetterOrDigit(c) && c != '-' && c != '_' && c != '.') {
                return false;
            }
        }
        return true;
    }

    private static boolean isLetterOrDigit(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
}
