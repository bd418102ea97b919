package io.github.rota.itests.project;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One Markdown page as GitHub renders it, reduced to what the checks need: its links, the anchors
 * its headings get, and the code blocks it marks as quoting a file ({@code <!-- quote: PATH -->} on
 * the line before the fence). Fenced code and inline code hold no links or headings.
 */
record Page(Path file, List<Link> links, Set<String> anchors, List<Quote> quotes) {

    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern QUOTE = Pattern.compile("^<!--\\s*quote:\\s*(\\S+)\\s*-->\\s*$");
    private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})");

    /** A link as written: the path part (empty for a link within the page) and the anchor, if any. */
    record Link(int line, String target) {
        boolean isExternal() {
            return target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*");
        }

        String path() {
            int hash = target.indexOf('#');
            return hash < 0 ? target : target.substring(0, hash);
        }

        String anchor() {
            int hash = target.indexOf('#');
            return hash < 0 ? "" : target.substring(hash + 1);
        }
    }

    /** A fenced block that says which file it shows, whole. */
    record Quote(String where, String path, String block) {
    }

    static Page read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Link> links = new ArrayList<>();
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        List<Quote> quotes = new ArrayList<>();
        String fence = null;
        String quoting = null;
        int quoteLine = 0;
        StringBuilder block = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher opening = FENCE.matcher(line);
            if (fence != null) {
                if (opening.find() && opening.group(1).charAt(0) == fence.charAt(0)
                        && opening.group(1).length() >= fence.length() && line.strip().equals(opening.group(1))) {
                    fence = null;
                    if (block != null) {
                        quotes.add(new Quote(file.getFileName() + ":" + quoteLine, quoting, block.toString()));
                        block = null;
                        quoting = null;
                    }
                } else if (block != null) {
                    block.append(line).append('\n');
                }
                continue;
            }
            if (opening.find()) {
                fence = opening.group(1);
                if (quoting != null) {
                    block = new StringBuilder();
                }
                continue;
            }
            Matcher quote = QUOTE.matcher(line);
            if (quote.matches()) {
                quoting = quote.group(1);
                quoteLine = i + 1;
                continue;
            }
            if (quoting != null && !line.isBlank()) {
                throw new IllegalStateException(file + ":" + quoteLine + ": a quote marker must be followed by a code block");
            }
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = slug(heading.group(2));
                int count = seen.merge(slug, 1, Integer::sum);
                anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
            }
            Matcher link = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
            while (link.find()) {
                links.add(new Link(i + 1, link.group(1)));
            }
            for (String html : List.of("href=\"", "src=\"")) {
                for (int at = line.indexOf(html); at >= 0; at = line.indexOf(html, at + 1)) {
                    int end = line.indexOf('"', at + html.length());
                    if (end > 0) {
                        links.add(new Link(i + 1, line.substring(at + html.length(), end)));
                    }
                }
            }
        }
        return new Page(file, List.copyOf(links), Set.copyOf(anchors), List.copyOf(quotes));
    }

    /** GitHub's anchor for a heading: its text, lowercased, without punctuation, spaces as hyphens. */
    static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)]\\([^)]*\\)", "$1") // a link counts by its text
                .replaceAll("<[^>]+>", "")
                .replace("`", "")
                .replace("*", "");
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}\\p{Mn}_\\- ]", "").replace(' ', '-');
    }
}
