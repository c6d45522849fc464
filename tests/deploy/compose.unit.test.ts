import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * Given docker-compose.yml as shipped, then it is safe to run as is: one published service (the
 * proxy), databases on an internal network only, pinned images, restarts, required secrets.
 * Docker cannot run here, so this reads the file; it does not prove the images start.
 */

interface Service {
  image?: string;
  build?: unknown;
  restart?: string;
  ports?: string[];
  network_mode?: string;
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
  environment?: Record<string, string>;
  command?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
interface ComposeFile {
  services: Record<string, Service>;
  networks?: Record<string, { internal?: boolean; ipam?: { config: { subnet: string; ip_range?: string }[] } } | null>;
}

const raw = readFileSync('docker-compose.yml', 'utf8');
const compose = parse(raw, { merge: true }) as ComposeFile;
const services = Object.entries(compose.services);
const caddyfile = readFileSync('deploy/Caddyfile', 'utf8');

const networksOf = (s: Service) => (Array.isArray(s.networks) ? s.networks : Object.keys(s.networks ?? {}));
/** One-shot steps: something waits for them to complete. */
const oneShot = new Set(
  services.flatMap(([, s]) =>
    Object.entries(s.depends_on ?? {})
      .filter(([, d]) => d.condition === 'service_completed_successfully')
      .map(([name]) => name),
  ),
);

const ipv4 = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const inCidr = (ip: string, cidr: string) => {
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(ip) / size) === Math.floor(ipv4(base!) / size);
};

/**
 * Compose's interpolation (${VAR}, ${VAR:-default}, ${VAR:?error}, nesting, $$) of one value, to
 * check what the required-variable rules do with a given environment.
 */
function interpolate(text: string, env: Record<string, string>): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text.startsWith('$$', i)) {
      out += '$';
      i += 2;
    } else if (text.startsWith('${', i)) {
      let depth = 0;
      let j = i;
      for (; j < text.length; j++) {
        if (text.startsWith('${', j)) {
          depth++;
          j++;
        } else if (text[j] === '}' && --depth === 0) break;
      }
      out += resolve(text.slice(i + 2, j), env);
      i = j + 1;
    } else out += text[i++];
  }
  return out;
}
/** Like Compose: every string value of the parsed file, extension fields included, is interpolated. */
function resolveFile(env: Record<string, string>): ComposeFile {
  const walk = (v: unknown): unknown =>
    typeof v === 'string'
      ? interpolate(v, env)
      : Array.isArray(v)
        ? v.map(walk)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
          : v;
  return walk(compose) as ComposeFile;
}
function resolve(expr: string, env: Record<string, string>): string {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(?::([-?])([\s\S]*))?$/.exec(expr);
  if (!m) throw new Error(`unsupported expression \${${expr}}`);
  const [, name, op, rest = ''] = m;
  const value = env[name!];
  if (value) return value;
  if (op === '-') return interpolate(rest, env);
  if (op === '?') throw new Error(`required variable ${name} is missing a value: ${interpolate(rest, env)}`);
  return '';
}

describe('docker-compose.yml', () => {
  it('given the file, then only the proxy publishes ports, and only 80, 443 and 443/udp', () => {
    const publishing = services.filter(([, s]) => s.ports?.length).map(([name]) => name);
    expect(publishing).toEqual(['caddy']);
    expect(compose.services.caddy!.ports).toEqual(['80:80', '443:443', '443:443/udp']);
    expect(services.filter(([, s]) => s.network_mode === 'host')).toEqual([]);
  });

  it('given the databases, then they join only the internal network, which the proxy does not join', () => {
    expect(compose.networks?.backend?.internal).toBe(true);
    expect(networksOf(compose.services.eventstore!)).toEqual(['backend']);
    expect(networksOf(compose.services.mongo!)).toEqual(['backend']);
    expect(networksOf(compose.services.caddy!)).toEqual(['edge']);
  });

  it('given every service, then each long-running one restarts unless stopped and the one-shot key step never restarts', () => {
    expect([...oneShot]).toEqual(['mongo-keyfile']);
    for (const [name, s] of services)
      expect([name, s.restart]).toEqual([name, oneShot.has(name) ? 'no' : 'unless-stopped']);
  });

  it('given every image, then it is pinned to a release (x.y.z), never latest; the app is built from the Dockerfile', () => {
    for (const [name, s] of services) {
      if (!s.image) {
        expect([name, s.build]).toEqual([name, '.']);
        continue;
      }
      expect(s.image, name).toMatch(/:\d+\.\d+\.\d+$/);
      expect(s.image, name).not.toMatch(/latest(:|$)/);
    }
    expect(compose.services.eventstore!.image).toBe('docker.kurrent.io/kurrent-latest/kurrentdb:25.0.1');
    expect(compose.services.mongo!.image).toMatch(/^mongo:7\.0\.\d+$/);
    expect(compose.services.caddy!.image).toMatch(/^caddy:2\.\d+\.\d+$/);
  });

  it("given the proxy's fixed address, then the APIs trust exactly it, inside the edge subnet and outside the range Docker hands out", () => {
    const caddyIp = (compose.services.caddy!.networks as Record<string, { ipv4_address: string }>).edge!.ipv4_address;
    const [{ subnet, ip_range }] = compose.networks!.edge!.ipam!.config as [{ subnet: string; ip_range: string }];
    expect(inCidr(caddyIp, subnet)).toBe(true);
    expect(inCidr(caddyIp, ip_range)).toBe(false);
    for (const name of ['api-1', 'api-2']) {
      expect(compose.services[name]!.environment!.TRUST_PROXY).toBe(caddyIp);
      expect(networksOf(compose.services[name]!)).toEqual(['edge', 'backend']);
    }
  });

  it("given the projector, which runs every effect, then it can reach Stripe and the mail server and has the API's secrets and address", () => {
    const projector = compose.services.projector!;
    expect(networksOf(projector)).toEqual(['edge', 'backend']);
    const api = compose.services['api-1']!.environment!;
    for (const name of ['BOOKING_LINK_SECRET', 'ADMIN_KEY', 'STRIPE_SECRET_KEY', 'SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL'])
      expect([name, projector.environment![name]]).toEqual([name, api[name]]);
    expect(projector.ports).toBeUndefined();
  });

  it('given MongoDB, then it runs with a root user, a replica set key file and a health check that is healthy only as writable primary', () => {
    const mongo = compose.services.mongo!;
    expect(mongo.command).toEqual(['--replSet', 'rs0', '--bind_ip_all', '--keyFile', '/keyfile/replica-set.key']);
    expect(Object.keys(mongo.environment!)).toEqual(['MONGO_INITDB_ROOT_USERNAME', 'MONGO_INITDB_ROOT_PASSWORD']);
    expect(mongo.depends_on).toEqual({ 'mongo-keyfile': { condition: 'service_completed_successfully' } });
    const check = mongo.healthcheck!.test.join(' ');
    expect(check).toContain('rs.initiate(');
    expect(check).toMatch(/quit\(db\.hello\(\)\.isWritablePrimary \? 0 : 1\)/);
    // The password is read from the environment inside mongosh, never put on a command line.
    expect(check).not.toMatch(/-p |--password/);
    const keyStep = compose.services['mongo-keyfile']!.command!.join('\n');
    expect(keyStep).toMatch(/if \[ ! -s "\$\$key" \]/);
    expect(keyStep).toContain('chown 999:999');
    expect(keyStep).toContain('chmod 400');
  });

  it('given an environment with every secret, then PUBLIC_URL follows SITE_ADDRESS and the app reaches MongoDB with the root user', () => {
    const env = {
      SITE_ADDRESS: 'www.example.com',
      ADMIN_KEY: 'k'.repeat(32),
      BOOKING_LINK_SECRET: 'b'.repeat(48),
      MONGO_ROOT_PASSWORD: 'abc123',
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    };
    const resolved = resolveFile(env);
    const api = resolved.services['api-1']!.environment!;
    expect(api.PUBLIC_URL).toBe('https://www.example.com');
    expect(api.MONGODB_URL).toBe('mongodb://root:abc123@mongo:27017/?replicaSet=rs0&authSource=admin');
    expect(api.ADMIN_KEY).toBe(env.ADMIN_KEY);
    expect(api.BOOKING_LINK_SECRET).toBe(env.BOOKING_LINK_SECRET);
    expect(resolved.services.projector!.environment!.BOOKING_LINK_SECRET).toBe(env.BOOKING_LINK_SECRET);
    expect(resolved.services.caddy!.environment!.SITE_ADDRESS).toBe('www.example.com');
  });

  it.each([
    ['ADMIN_KEY', 'ADMIN_KEY'],
    ['BOOKING_LINK_SECRET', 'BOOKING_LINK_SECRET'],
    ['MONGO_ROOT_PASSWORD', 'MONGO_ROOT_PASSWORD'],
    ['SITE_ADDRESS', 'SITE_ADDRESS'],
    ['STRIPE_SECRET_KEY', 'STRIPE_SECRET_KEY'],
    ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_PUBLISHABLE_KEY'],
    ['STRIPE_WEBHOOK_SECRET', 'STRIPE_WEBHOOK_SECRET'],
  ])('given no %s, then Compose stops with a message naming it', (missing, named) => {
    const env: Record<string, string> = {
      SITE_ADDRESS: 'www.example.com',
      ADMIN_KEY: 'k'.repeat(32),
      BOOKING_LINK_SECRET: 'b'.repeat(48),
      MONGO_ROOT_PASSWORD: 'abc',
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    };
    delete env[missing];
    expect(() => resolveFile(env)).toThrow(new RegExp(`Set ${named}`));
  });

  it('given PAYMENTS=offline and no Stripe keys, then Compose starts and no Stripe key is passed', () => {
    const env = {
      SITE_ADDRESS: 'www.example.com',
      ADMIN_KEY: 'k'.repeat(32),
      BOOKING_LINK_SECRET: 'b'.repeat(48),
      MONGO_ROOT_PASSWORD: 'abc',
      PAYMENTS: 'offline',
    };
    const resolved = resolveFile(env);
    expect(resolved.services['api-2']!.environment).toMatchObject({
      PAYMENTS: 'offline',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
    });
  });
});

describe('deploy/Caddyfile', () => {
  it('given the Caddyfile, then it serves SITE_ADDRESS and balances over both APIs, health-checked on /ready', () => {
    expect(compose.services.caddy!.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(caddyfile).toMatch(/^\{\$SITE_ADDRESS\} \{$/m);
    expect(caddyfile).toMatch(/^\treverse_proxy api-1:3000 api-2:3000 \{$/m);
    expect(caddyfile).toMatch(/^\t\thealth_uri \/ready$/m);
    // No trusted_proxies: Caddy replaces whatever X-Forwarded-For a visitor sends.
    expect(
      caddyfile
        .split('\n')
        .filter((l) => !l.trim().startsWith('#'))
        .join('\n'),
    ).not.toContain('trusted_proxies');
  });
});

describe('docker-compose.contracts.yml', () => {
  it('given the contract override, then it publishes the two databases on 127.0.0.1 only', () => {
    const override = parse(readFileSync('docker-compose.contracts.yml', 'utf8')) as ComposeFile;
    expect(Object.keys(override.services)).toEqual(['eventstore', 'mongo']);
    expect(override.services.eventstore!.ports).toEqual(['127.0.0.1:2113:2113']);
    expect(override.services.mongo!.ports).toEqual(['127.0.0.1:27017:27017']);
  });
});
