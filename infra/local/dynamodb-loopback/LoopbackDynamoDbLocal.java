/*
 * DynamoDB Local bound to one address. DynamoDB Local has no option for the address it listens on: it builds a
 * Jetty server with `new Server(port)`, which listens on every interface, so anyone on the network could read and
 * write the local table (DynamoDB Local checks no credentials). This launcher creates the server exactly as
 * DynamoDBLocal.jar's own main does, points its one connector at the address given with
 * -Dleasedesk.dynamodb.host (127.0.0.1 by default) before it starts, and starts it.
 *
 * Run with Java's source-file mode (no build step):
 *   java -Djava.library.path=./DynamoDBLocal_lib -cp DynamoDBLocal.jar LoopbackDynamoDbLocal.java -port P ...
 */
import java.lang.reflect.Field;

import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

public final class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("leasedesk.dynamodb.host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);

    // The Jetty server is a private field of DynamoDBProxyServer (verified on DynamoDB Local 1.25.1, Jetty 9.4).
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server jetty = (Server) field.get(proxy);
    Connector[] connectors = jetty.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Connector connector : connectors) {
      if (!(connector instanceof ServerConnector)) {
        throw new IllegalStateException("Unexpected DynamoDB Local connector " + connector.getClass().getName());
      }
      ((ServerConnector) connector).setHost(host);
    }

    proxy.start();
    System.out.println("DynamoDB Local listening on " + host + ":" + ((ServerConnector) connectors[0]).getPort());
  }
}
