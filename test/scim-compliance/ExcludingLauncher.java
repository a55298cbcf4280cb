// Runs SAP's SCIM compliance suite (the test classes of the scimono-compliance-tests
// jar on the class path) without the tests excluded-tests.txt names, and writes JUnit's
// XML report (TEST-junit-jupiter.xml) into the working directory.
//
// Why not the suite's own launcher: its subset file selects methods by name alone,
// which cannot name a parameterized test (its launcher looks for a method without
// parameters), so 144 of the suite's 468 tests could never run that way. This starts
// the same JUnit Platform launcher the jar bundles, on the same test package, with the
// same settings as system properties and the same extension autodetection, and leaves
// out what the file excludes. Run as a source file (Java 11+), no build step:
//
//   java -cp scimono-compliance-tests-0.0.24-shaded.jar ExcludingLauncher.java \
//        <excluded-tests.txt> <applied-exclusions output> scim.service.url=... auth.type=... ...
//
// The second argument receives the exclusions that matched a test, one per line, so
// the caller can tell a mistyped exclusion from one that took effect.
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.PostDiscoveryFilter;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.reporting.legacy.xml.LegacyXmlReportGeneratingListener;

public class ExcludingLauncher {
  private static final String TESTS_PACKAGE = "com.sap.scimono.scim.system.tests";
  private static final Pattern EXCLUDED = Pattern.compile("^excluded: (\\w+)\\.(\\w+) \\[");

  public static void main(String[] args) throws Exception {
    Set<String> excluded = new TreeSet<>();
    for (String line : Files.readAllLines(Path.of(args[0]))) {
      Matcher match = EXCLUDED.matcher(line);
      if (match.find()) excluded.add(match.group(1) + "." + match.group(2));
    }
    for (int i = 2; i < args.length; i++) {
      String[] setting = args[i].split("=", 2);
      System.setProperty(setting[0], setting[1]);
    }

    Set<String> applied = new TreeSet<>();
    PostDiscoveryFilter leaveOut = (TestDescriptor descriptor) -> {
      if (!(descriptor.getSource().orElse(null) instanceof MethodSource)) return FilterResult.included("not a test method");
      MethodSource source = (MethodSource) descriptor.getSource().get();
      String className = source.getClassName().substring(source.getClassName().lastIndexOf('.') + 1);
      String name = className + "." + source.getMethodName();
      if (!excluded.contains(name)) return FilterResult.included("selected");
      applied.add(name);
      return FilterResult.excluded("excluded-tests.txt");
    };

    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
        .selectors(DiscoverySelectors.selectPackage(TESTS_PACKAGE))
        .filters(leaveOut)
        .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true")
        .build();
    Launcher launcher = LauncherFactory.create();
    launcher.execute(request, new LegacyXmlReportGeneratingListener(Path.of("."), new PrintWriter(System.out)));
    Files.write(Path.of(args[1]), applied);
  }
}
