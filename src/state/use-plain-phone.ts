import { useEffect, useState } from 'react';
import { useAppSelector } from './hooks';
import { decryptPhone } from '../lib/phone';

export type PlainPhone =
  | { status: 'loading' }
  | { status: 'ready'; phone: string }
  /** Encrypted with a key this session does not hold (should not happen; shown as such). */
  | { status: 'unreadable' };

/** The profile's phone, decrypted with this session's key (ARCHITECTURE.md contract notes). */
export function usePlainPhone(encrypted: string | undefined): PlainPhone {
  const key = useAppSelector((s) => s.session.session?.crypto_key);
  const [result, setResult] = useState<{ input: string; value: PlainPhone }>();
  const input = `${encrypted ?? ''}|${key ?? ''}`;
  useEffect(() => {
    if (encrypted === undefined) return;
    let live = true;
    void decryptPhone(encrypted, key).then((plain) => {
      if (live)
        setResult({
          input,
          value: plain === undefined ? { status: 'unreadable' } : { status: 'ready', phone: plain },
        });
    });
    return () => {
      live = false;
    };
  }, [encrypted, key, input]);
  return result && result.input === input ? result.value : { status: 'loading' };
}
