package io.github.rota.itests.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * What Maven Central asks of every published POM, read from the sources as they are deployed: each
 * module's own name and description, and the url, licenses, developers and scm it has or inherits
 * from rota-parent (deployed with it). And the BOM, which must manage every artifact a user may
 * depend on, at the build's version. And the sources and javadoc jars beside each published jar.
 */
class PublishedPomsTest {

    private static final Path ROOT = Path.of(System.getProperty("rota.root")).toAbsolutePath().normalize();
    /** In bundles/, but not for an application's dependencies: the demo workload the distribution runs. */
    private static final Set<String> NOT_FOR_USERS = Set.of("rota-demo", "rota-bom");
    private static final List<String> INHERITABLE = List.of("url", "licenses", "developers", "scm");

    private static List<Path> publishedPoms() {
        List<Path> poms = new ArrayList<>();
        poms.add(ROOT.resolve("pom.xml"));
        poms.add(ROOT.resolve("bundles/pom.xml"));
        poms.add(ROOT.resolve("features/pom.xml"));
        try (Stream<Path> dirs = Files.list(ROOT.resolve("bundles"))) {
            dirs.map(dir -> dir.resolve("pom.xml")).filter(Files::isRegularFile).sorted().forEach(poms::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return poms;
    }

    @Test
    void everyPublishedPomHasWhatCentralRequires() throws Exception {
        Element parent = read(ROOT.resolve("pom.xml"));
        for (String element : INHERITABLE) {
            assertThat(child(parent, element)).as("rota-parent's <%s>", element).isNotNull();
        }
        assertThat(text(child(child(child(parent, "licenses"), "license"), "name"))).isEqualTo("Apache-2.0");
        assertThat(ROOT.resolve("LICENSE")).content().contains("Apache License", "Version 2.0, January 2004");
        assertThat(ROOT.resolve("NOTICE")).isRegularFile();

        for (Path file : publishedPoms()) {
            Element pom = read(file);
            String where = ROOT.relativize(file).toString();
            assertThat(text(child(pom, "name"))).as("<name> of %s", where).isNotBlank();
            assertThat(text(child(pom, "description"))).as("<description> of %s", where).isNotBlank();
            boolean inherits = child(pom, "parent") != null;
            for (String element : INHERITABLE) {
                assertThat(child(pom, element) != null || inherits).as("<%s> of %s, its own or rota-parent's", element, where)
                        .isTrue();
            }
        }
    }

    @Test
    void theBomManagesEveryArtifactAUserMayDependOnAtTheBuildsVersion() throws Exception {
        Element bom = read(ROOT.resolve("bundles/bom/pom.xml"));
        assertThat(child(bom, "parent")).as("the BOM has no parent, whose managed test libraries it would export").isNull();
        assertThat(text(child(bom, "version"))).isEqualTo(text(child(read(ROOT.resolve("pom.xml")), "version")));
        List<String> managed = new ArrayList<>();
        for (Element dependency : children(child(child(bom, "dependencyManagement"), "dependencies"), "dependency")) {
            assertThat(text(child(dependency, "groupId"))).isEqualTo("io.github.rota");
            assertThat(text(child(dependency, "version"))).isEqualTo("${project.version}");
            managed.add(text(child(dependency, "artifactId")));
        }
        List<String> artifacts = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(ROOT.resolve("bundles"))) {
            for (Path pom : dirs.map(dir -> dir.resolve("pom.xml")).filter(Files::isRegularFile).toList()) {
                artifacts.add(text(child(read(pom), "artifactId")));
            }
        }
        artifacts.removeAll(NOT_FOR_USERS);
        assertThat(managed).containsExactlyInAnyOrderElementsOf(artifacts);
    }

    /**
     * The jars Central wants beside each published jar, as {@code mvn verify} builds them: the bundles
     * come first in the reactor, so their targets are built when this runs.
     */
    @Test
    void everyPublishedJarHasItsSourcesAndJavadocJars() throws Exception {
        String version = text(child(read(ROOT.resolve("pom.xml")), "version"));
        List<Path> modules;
        try (Stream<Path> dirs = Files.list(ROOT.resolve("bundles"))) {
            modules = dirs.filter(dir -> Files.isRegularFile(dir.resolve("pom.xml"))).sorted().toList();
        }
        int jars = 0;
        for (Path module : modules) {
            Element pom = read(module.resolve("pom.xml"));
            if (child(pom, "packaging") != null) {
                continue; // the BOM and rota-core: poms only
            }
            jars++;
            String artifact = text(child(pom, "artifactId"));
            Path sources = module.resolve("target/" + artifact + "-" + version + "-sources.jar");
            Path javadoc = module.resolve("target/" + artifact + "-" + version + "-javadoc.jar");
            assertThat(sources).as("built by mvn verify from the root").isRegularFile();
            assertThat(javadoc).as("built by mvn verify from the root").isRegularFile();
            Set<String> javaFiles;
            try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
                javaFiles = files.filter(f -> f.toString().endsWith(".java"))
                        .map(f -> module.resolve("src/main/java").relativize(f).toString().replace('\\', '/'))
                        .collect(Collectors.toSet());
            }
            try (ZipFile zip = new ZipFile(sources.toFile())) {
                Set<String> entries = zip.stream().map(ZipEntry::getName).collect(Collectors.toSet());
                assertThat(entries).as("%s's sources", artifact).containsAll(javaFiles);
            }
            try (ZipFile zip = new ZipFile(javadoc.toFile())) {
                assertThat(zip.getEntry("index.html")).as("%s's javadoc", artifact).isNotNull();
            }
        }
        assertThat(jars).as("the bundles that publish a jar").isGreaterThan(10);
    }

    /**
     * {@code mvn install} (and deploy) must get through every module: a jar module with no main sources
     * builds no jar (skipIfEmpty), and the install plugin fails on a module without its artifact.
     */
    @Test
    void everyModuleWithoutMainSourcesSkipsInstallAndDeploy() throws Exception {
        List<Path> poms;
        try (Stream<Path> files = Files.walk(ROOT, 3)) {
            poms = files.filter(f -> f.getFileName().toString().equals("pom.xml"))
                    .filter(f -> !ROOT.relativize(f).toString().replace('\\', '/').matches("(.*/)?target/.*"))
                    .sorted().toList();
        }
        int empty = 0;
        for (Path file : poms) {
            Element pom = read(file);
            if (child(pom, "packaging") != null || Files.isDirectory(file.resolveSibling("src/main"))) {
                continue; // a pom, or a jar with content
            }
            empty++;
            Element properties = child(pom, "properties");
            String where = ROOT.relativize(file).toString();
            assertThat(text(child(properties, "maven.install.skip"))).as("maven.install.skip of %s", where).isEqualTo("true");
            assertThat(text(child(properties, "maven.deploy.skip"))).as("maven.deploy.skip of %s", where).isEqualTo("true");
        }
        assertThat(empty).as("the test-only modules").isGreaterThan(3);
    }

    private static Element read(Path pom) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document document = factory.newDocumentBuilder().parse(pom.toFile());
        return document.getDocumentElement();
    }

    /** {@return the direct child element named {@code name}, or {@code null}} */
    private static Element child(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? null : found.get(0);
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        if (parent == null) {
            return found;
        }
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(name)) {
                found.add(element);
            }
        }
        return found;
    }

    private static String text(Element element) {
        return element == null ? null : element.getTextContent().strip();
    }
}
