/**
 * The demo's business account and number: seeded into the gateway (demo-seed.service.ts) and
 * registered at the sandbox app by `npm run demo` (scripts/demo.ts), as a real account exists at
 * Meta before a business onboards it.
 */
export const DEMO_ACCOUNT = {
  wabaId: '100000000000001',
  phoneNumberId: '100000000000002',
  displayPhoneNumber: '+1 555 010 0001',
  accessToken: 'sandbox-demo-token',
} as const;
