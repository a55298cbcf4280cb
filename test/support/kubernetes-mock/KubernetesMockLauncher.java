// Test-only: starts fabric8's Kubernetes API mock server (io.fabric8:kubernetes-server-mock)
// in CRUD mode over HTTPS on 127.0.0.1, on a free port, for the cluster connector's
// tests (services/nhi/clusters/testing/kubernetes-peer.ts starts it once per test file).
//
// CRUD mode keeps every object a test creates and answers reads, lists and deletes
// from them, as an API server would (it ignores limit and continue: the tests' proxy
// pages in front of it). Every answer is labelled application/json, which
// @kubernetes/client-node requires before it parses a body.
//
// Prints one line of JSON, {"port": <port>, "certificate": "<PEM>"}: the server's own
// self-signed certificate (CN localhost, SAN 127.0.0.1), which the tests trust for it.
// Runs until its standard input ends, so it never outlives the test process that
// started it. Compiled and run by infra/kubernetes-mock.sh.
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;

public final class KubernetesMockLauncher {
  private KubernetesMockLauncher() {}

  public static void main(String[] args) throws Exception {
    KubernetesCrudDispatcher dispatcher = new KubernetesCrudDispatcher() {
      @Override
      public MockResponse dispatch(RecordedRequest request) {
        return super.dispatch(request).setHeader("Content-Type", "application/json");
      }
    };
    boolean https = true;
    KubernetesMockServer server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), dispatcher, https);
    server.init(InetAddress.getLoopbackAddress(), 0);
    String certificate = Files.readString(Path.of(server.getSelfSignedCertificate().certificatePath()), StandardCharsets.US_ASCII);
    System.out.println("{\"port\":" + server.getPort() + ",\"certificate\":\"" + certificate.replace("\r", "").replace("\n", "\\n") + "\"}");
    System.out.flush();
    while (System.in.read() != -1) {
      // Nothing to read: the test process closes standard input to stop the server.
    }
    server.destroy();
    System.exit(0);
  }
}
