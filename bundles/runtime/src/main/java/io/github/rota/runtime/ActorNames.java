package io.github.rota.runtime;

import java.util.Objects;
import java.util.regex.Pattern;

/** Which names actors and actor systems may have: they become path elements. */
final class ActorNames {

    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");

    private ActorNames() {
    }

    static String checkActorName(String name) {
        return check(name, "actor name");
    }

    static String checkSystemName(String name) {
        return check(name, "actor system name");
    }

    private static String check(String name, String what) {
        Objects.requireNonNull(name, what);
        if (!VALID.matcher(name).matches()) {
            throw new IllegalArgumentException(what + " '" + name + "' is invalid: use letters, digits, '-', '_'"
                    + " and '.', starting with a letter or digit");
        }
        return name;
    }
}
