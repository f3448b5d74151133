import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type ApiError, currentSession, type Session } from './api';
import './styles.css';

/** What GET /v1/embedded_signup answers: how to open Meta's flow. */
interface SignupSettings {
  available: boolean;
  app_id: string;
  config_id: string | null;
  sdk_url: string;
  message_origins: string[];
  graph_version: string;
}

interface Completed {
  waba_id: string;
  phone_number_id: string;
  display_phone_number: string;
  steps: Array<{ step: string; outcome: 'done' | 'skipped' }>;
}

/** Meta's SDK, as far as the flow uses it. */
interface FacebookSdk {
  init(options: Record<string, unknown>): void;
  login(
    callback: (response: { authResponse?: { code?: string } | null }) => void,
    options: Record<string, unknown>,
  ): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

const STEP_NAMES: Record<string, string> = {
  exchange_code: 'Exchange the code for the business token',
  subscribe_app: "Subscribe the gateway to the account's webhooks",
  register_number: 'Register the number for the Cloud API',
  add_number: 'Add the number to the organization',
};

/** Loads Meta's SDK (or the sandbox's stand-in) once, and initializes it with the app. */
function loadSdk(settings: SignupSettings): Promise<FacebookSdk> {
  return new Promise((resolve, reject) => {
    window.fbAsyncInit = () => {
      window.FB!.init({
        appId: settings.app_id,
        autoLogAppEvents: true,
        xfbml: false,
        version: settings.graph_version,
      });
      resolve(window.FB!);
    };
    const script = document.createElement('script');
    script.src = settings.sdk_url;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onerror = () => reject(new Error(`Meta's SDK did not load from ${settings.sdk_url}`));
    document.head.appendChild(script);
  });
}

/**
 * Connect a WhatsApp number (a page of its own: only it lets Meta's SDK run, under a CSP that names
 * the SDK's origin). Meta's Embedded Signup runs in its popup; its messages give the business account
 * and number, the SDK's callback gives the code; the gateway does the rest on the server, and this
 * page shows each step, or the step that failed and why.
 */
function Connect() {
  const [session, setSession] = useState<Session | null>();
  const [settings, setSettings] = useState<SignupSettings>();
  const [sdk, setSdk] = useState<FacebookSdk>();
  const [pin, setPin] = useState('');
  const [status, setStatus] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<Completed>();
  const [busy, setBusy] = useState(false);
  const ids = useRef<{ waba_id: string; phone_number_id: string } | undefined>(undefined);

  useEffect(() => {
    currentSession().then(setSession, () => setSession(null));
  }, []);
  useEffect(() => {
    if (!session) return;
    api.get<SignupSettings>('/v1/embedded_signup').then(
      (answer) => {
        setSettings(answer);
        if (answer.available) loadSdk(answer).then(setSdk, (e: Error) => setProblem(e.message));
      },
      (e: ApiError) => setProblem(e.message),
    );
  }, [session]);
  useEffect(() => {
    if (!settings) return;
    const listen = (event: MessageEvent) => {
      if (!settings.message_origins.includes(event.origin) || typeof event.data !== 'string') return;
      let data: { type?: string; event?: string; data?: Record<string, string> };
      try {
        data = JSON.parse(event.data) as typeof data;
      } catch {
        return;
      }
      if (data.type !== 'WA_EMBEDDED_SIGNUP') return;
      if (data.event === 'FINISH' || data.event === 'FINISH_ONLY_WABA')
        ids.current = { waba_id: data.data?.waba_id ?? '', phone_number_id: data.data?.phone_number_id ?? '' };
      else if (data.event === 'CANCEL')
        setProblem(`Meta's signup was closed at ${data.data?.current_step ?? 'a step'}.`);
      else if (data.event === 'ERROR') setProblem(`Meta's signup reported: ${data.data?.error_message ?? 'an error'}`);
    };
    addEventListener('message', listen);
    return () => removeEventListener('message', listen);
  }, [settings]);

  const finish = async (code: string) => {
    // The FINISH message comes before the SDK's callback; give it a moment if it is late.
    for (let i = 0; i < 20 && !ids.current; i += 1) await new Promise((r) => setTimeout(r, 100));
    if (!ids.current) return setProblem("Meta's signup gave no business account or number: run it again.");
    setStatus('Connecting the number…');
    try {
      const answer = await api.post<Completed>('/v1/embedded_signup', {
        code,
        ...ids.current,
        ...(pin.trim() && { pin: pin.trim() }),
      });
      setDone(answer);
      setStatus(`Connected: ${answer.display_phone_number} can send now.`);
    } catch (e) {
      const error = e as ApiError;
      const step = error.details?.split(':')[0];
      setStatus(undefined);
      setProblem(
        step && STEP_NAMES[step]
          ? `Step “${STEP_NAMES[step]}” (${step}) failed: ${error.message}`
          : (error.details ?? error.message),
      );
    } finally {
      setBusy(false);
    }
  };

  const start = (event: Event) => {
    event.preventDefault();
    if (!sdk || !settings?.config_id) return;
    if (pin.trim() && !/^\d{6}$/.test(pin.trim())) return setProblem('The PIN must be six digits.');
    setProblem(undefined);
    setDone(undefined);
    ids.current = undefined;
    setBusy(true);
    sdk.login(
      (response) => {
        const code = response.authResponse?.code;
        if (code) void finish(code);
        else {
          setBusy(false);
          setProblem((current) => current ?? "Meta's signup was closed before it finished.");
        }
      },
      {
        config_id: settings.config_id,
        response_type: 'code',
        override_default_response_type: true,
        extras: { setup: {}, featureType: '', sessionInfoVersion: '3' },
      },
    );
  };

  if (session === undefined) return <p role="status">Loading…</p>;
  if (session === null)
    return (
      <main class="sign-in">
        <h1>Connect a WhatsApp number</h1>
        <p>
          <a href="/console/">Sign in to the console</a> first.
        </p>
      </main>
    );
  const allowed = session.key.scopes.includes('numbers:connect');
  return (
    <main class="sign-in">
      <h1>Connect a WhatsApp number</h1>
      <p>
        Sign in with Meta, choose or create your WhatsApp Business account and number; the gateway then connects it to
        this organization.
      </p>
      {!allowed && <p role="alert">Only an owner or admin of the organization can connect numbers.</p>}
      {settings && !settings.available && (
        <p role="alert">The operator has not set up Embedded Signup (EMBEDDED_SIGNUP_CONFIG_ID).</p>
      )}
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
      {status && <p role="status">{status}</p>}
      {allowed && settings?.available && (
        <form aria-label="Connect a number" onSubmit={start}>
          <label for="pin">Two-step verification PIN (optional, six digits)</label>
          <input
            id="pin"
            inputMode="numeric"
            autocomplete="off"
            value={pin}
            onInput={(e) => setPin((e.target as HTMLInputElement).value)}
          />
          <p class="help">Give the number's PIN if it has one; otherwise the gateway makes one and keeps it.</p>
          <button type="submit" disabled={!sdk || busy}>
            Continue with Meta
          </button>
        </form>
      )}
      {done && (
        <ol aria-label="Steps">
          {done.steps.map((s) => (
            <li key={s.step}>
              {STEP_NAMES[s.step] ?? s.step}: {s.outcome === 'done' ? 'done' : 'done before'}
            </li>
          ))}
        </ol>
      )}
      <p>
        <a href="/console/#/overview">Back to the console</a>
      </p>
    </main>
  );
}

render(<Connect />, document.getElementById('app')!);
