/**
 * XMLHttpRequest for web tests: uploads that report progress go through XHR (fetch cannot), and
 * jsdom's own XHR would go to the network. This one hands the request to the global `fetch`
 * (which each test scripts), so XHR and fetch calls are recorded and answered alike; it reports
 * half the body sent at once and the rest when the answer arrives.
 */
export class ScriptedXhr {
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  withCredentials = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  private aborted = false;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  send(body: BodyInit | null): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
    fetch(this.url, { method: this.method, headers: this.headers, body }).then(
      async (res) => {
        if (this.aborted) return;
        this.status = res.status;
        this.responseText = await res.text();
        this.onload?.();
      },
      () => {
        if (!this.aborted) this.onerror?.();
      },
    );
  }
}
