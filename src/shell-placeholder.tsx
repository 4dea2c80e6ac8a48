import { useEffect, useState } from 'react';

type ApiState = 'checking' | 'up' | 'down';

/**
 * The console shell arrives with the next release (login, layout, tabs). Until then this page
 * says what the product is and whether the embedded API answers.
 */
export function ShellPlaceholder() {
  const [api, setApi] = useState<ApiState>('checking');
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/blade-auth/oauth/public-key', { signal: controller.signal })
      .then((res) => setApi(res.ok ? 'up' : 'down'))
      .catch(() => {
        if (!controller.signal.aborted) setApi('down');
      });
    return () => controller.abort();
  }, []);
  const status = {
    checking: '正在连接接口… / Connecting…',
    up: '接口正常 / API is up',
    down: '接口不可用 / API unavailable',
  }[api];
  return (
    <main
      style={{
        fontFamily: 'system-ui, sans-serif',
        maxWidth: 640,
        margin: '15vh auto',
        padding: 24,
        color: '#1f2d3d',
      }}
    >
      <h1 style={{ color: '#12a182' }}>数字权益平台运营后台</h1>
      <p>Quanyi Console — back office of the digital benefits platform.</p>
      <p>控制台界面将在下一版本提供。The console screens arrive in the next release.</p>
      <p role="status" aria-live="polite">
        {status}
      </p>
    </main>
  );
}
