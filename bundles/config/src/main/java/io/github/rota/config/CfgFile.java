package io.github.rota.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A {@code .cfg} file (the {@link java.util.Properties} line format FileInstall reads): merging a
 * configuration's values into the file's text, and replacing the file so that a reader sees either
 * the old or the new text, never a mix.
 *
 * <p>The merge keeps what an operator wrote around the values — comments, blank lines, the order of
 * the keys, and the exact text of every entry whose value did not change — so saving a configuration
 * that matches its file leaves the file byte for byte as it was.
 */
final class CfgFile {

    private CfgFile() {
    }

    /**
     * @param existing the file's current text (empty for a new file)
     * @param values the configuration's values, by key
     * @return the text with every entry set to its value, entries of keys not in {@code values}
     *         removed, and new keys appended in key order
     */
    static String merge(String existing, Map<String, String> values) {
        Map<String, String> remaining = new TreeMap<>(values);
        Set<String> seen = new HashSet<>();
        StringBuilder out = new StringBuilder();
        List<String> lines = existing.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!isEntry(line)) {
                out.append(line).append('\n');
                continue;
            }
            List<String> entry = new ArrayList<>(List.of(line));
            while (continues(entry.get(entry.size() - 1)) && i + 1 < lines.size()) {
                entry.add(lines.get(++i));
            }
            String logical = join(entry);
            String key = key(logical);
            if (!seen.add(key) || !remaining.containsKey(key)) {
                continue; // a duplicate, or a key the configuration no longer has
            }
            String value = remaining.remove(key);
            if (value.equals(value(logical))) {
                entry.forEach(l -> out.append(l).append('\n'));
            } else {
                out.append(escape(key, true)).append(" = ").append(escape(value, false)).append('\n');
            }
        }
        remaining.forEach((key, value) -> out.append(escape(key, true)).append(" = ").append(escape(value, false)).append('\n'));
        return out.toString();
    }

    /**
     * Writes {@code text} to a hidden file next to {@code file} and moves it over {@code file}.
     *
     * @throws IOException if the directory cannot be written
     */
    static void replace(Path file, String text) throws IOException {
        Path next = file.resolveSibling("." + file.getFileName() + ".tmp");
        Files.writeString(next, text, StandardCharsets.UTF_8);
        try {
            Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(next, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static boolean isEntry(String line) {
        String trimmed = line.stripLeading();
        return !trimmed.isEmpty() && trimmed.charAt(0) != '#' && trimmed.charAt(0) != '!';
    }

    /** A line ending in an odd number of backslashes continues on the next line. */
    private static boolean continues(String line) {
        int backslashes = 0;
        for (int i = line.length() - 1; i >= 0 && line.charAt(i) == '\\'; i--) {
            backslashes++;
        }
        return backslashes % 2 == 1;
    }

    private static String join(List<String> entry) {
        StringBuilder logical = new StringBuilder();
        for (int i = 0; i < entry.size(); i++) {
            String part = entry.get(i).stripLeading();
            logical.append(i < entry.size() - 1 ? part.substring(0, part.length() - 1) : part);
        }
        return logical.toString();
    }

    /** @return the end of the key: the first unescaped '=', ':' or whitespace */
    private static int keyEnd(String logical) {
        for (int i = 0; i < logical.length(); i++) {
            char c = logical.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '=' || c == ':' || Character.isWhitespace(c)) {
                return i;
            }
        }
        return logical.length();
    }

    private static String key(String logical) {
        return unescape(logical.substring(0, keyEnd(logical)));
    }

    private static String value(String logical) {
        int i = keyEnd(logical);
        while (i < logical.length() && Character.isWhitespace(logical.charAt(i))) {
            i++;
        }
        if (i < logical.length() && (logical.charAt(i) == '=' || logical.charAt(i) == ':')) {
            i++;
        }
        while (i < logical.length() && Character.isWhitespace(logical.charAt(i))) {
            i++;
        }
        return unescape(logical.substring(i));
    }

    private static String unescape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\\' || i + 1 == text.length()) {
                out.append(c);
                continue;
            }
            char next = text.charAt(++i);
            switch (next) {
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'f' -> out.append('\f');
                case 'u' -> {
                    String hex = text.substring(i + 1, Math.min(i + 5, text.length()));
                    if (hex.length() == 4 && hex.chars().allMatch(h -> Character.digit(h, 16) >= 0)) {
                        out.append((char) Integer.parseInt(hex, 16));
                        i += 4;
                    } else {
                        out.append('u'); // malformed: kept as written
                    }
                }
                default -> out.append(next);
            }
        }
        return out.toString();
    }

    private static String escape(String text, boolean key) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\f' -> out.append("\\f");
                case '=', ':', '#', '!' -> out.append(key || i == 0 ? "\\" : "").append(c);
                case ' ' -> out.append(key || i == 0 ? "\\ " : " ");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
