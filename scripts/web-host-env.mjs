/**
 * The environment the loopback web host is started with: the caller's, less what only a TLS
 * client reads. The host serves plain HTTP on a loopback address and connects to no one, while
 * Node reads the certificate file named by NODE_EXTRA_CA_CERTS at every process start (often set
 * on company machines behind an inspecting proxy): on this machine 40–50 ms of the host's start,
 * which is part of the user's wait for the first screen (`npm start`, the cold-start benchmark).
 */
export function webHostEnv(env = process.env) {
  const { NODE_EXTRA_CA_CERTS: _unused, ...rest } = env;
  return rest;
}
