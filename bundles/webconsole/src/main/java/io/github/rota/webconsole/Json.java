package io.github.rota.webconsole;

/**
 * Just enough JSON writing for the page's snapshot: objects, arrays, strings and numbers, with the
 * commas placed by the writer. Not thread-safe: one per response.
 */
final class Json {

    private final StringBuilder out = new StringBuilder();
    /** Whether the next value needs a comma before it (the open container already holds one). */
    private boolean needsComma;

    Json beginObject() {
        raw("{");
        needsComma = false;
        return this;
    }

    Json endObject() {
        out.append('}');
        needsComma = true;
        return this;
    }

    Json beginArray() {
        raw("[");
        needsComma = false;
        return this;
    }

    Json endArray() {
        out.append(']');
        needsComma = true;
        return this;
    }

    /** Starts a member of the open object; its value follows. */
    Json name(String name) {
        string(name);
        out.append(':');
        needsComma = false;
        return this;
    }

    Json value(long number) {
        return raw(Long.toString(number));
    }

    Json value(String text) {
        if (text == null) {
            return raw("null");
        }
        string(text);
        needsComma = true;
        return this;
    }

    Json member(String name, long number) {
        return name(name).value(number);
    }

    Json member(String name, String text) {
        return name(name).value(text);
    }

    /** Writes a value another writer made (an object or array, whole). */
    Json rawValue(Json value) {
        return raw(value.toString());
    }

    @Override
    public String toString() {
        return out.toString();
    }

    /** A token written as it is: a number, {@code null}, or a bracket that opens an object or array. */
    private Json raw(String token) {
        if (needsComma) {
            out.append(',');
        }
        out.append(token);
        needsComma = true;
        return this;
    }

    private void string(String text) {
        if (needsComma) {
            out.append(',');
        }
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == '<' || c == '>' || c == '&') { // '<' too: never "</script>" in a page
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
