// Test-only preload for child-process peers (the MCP reference server, the Octokit
// fixtures server), which listen on a port alone and so
// on every interface: a listen given only a port (and perhaps a callback) binds
// 127.0.0.1 instead, so nothing the tests start is reachable from elsewhere.
import net from 'node:net';

const listen = net.Server.prototype.listen;
const isPortOnly = (value) => typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value));
net.Server.prototype.listen = function listenOnLoopback(...args) {
  if (isPortOnly(args[0]) && (args.length === 1 || typeof args[1] === 'function')) return listen.call(this, Number(args[0]), '127.0.0.1', ...args.slice(1));
  return listen.apply(this, args);
};
