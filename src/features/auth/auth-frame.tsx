import { useDocumentTitle } from '@mantine/hooks';
import type { CSSProperties, ReactNode } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppSelector, useT } from '../../state/hooks';
import s from './auth.module.css';
import { LangSwitch } from './lang-switch';
import { loginAppearance } from './login-snapshot/appearance';

/** The login page's frame (site name, language, heading) for /wx-login and /wx-relate-phone. */
export function AuthFrame({ heading, children }: { heading: string; children: ReactNode }) {
  const t = useT();
  const { scheme, primary, siteName } = useAppSelector(
    (st) => loginAppearance(st.ui),
    shallowEqual,
  );
  useDocumentTitle(`${heading} - ${siteName || t('app.name')}`);
  return (
    <main
      className={s.page}
      data-scheme={scheme}
      style={{ '--qy-primary': primary } as CSSProperties}
    >
      <div className={s.card}>
        <div className={s.stack}>
          <div className={s.header}>
            <div>
              <p className={s.title}>{siteName || t('app.name')}</p>
              <p className={s.dimmed}>{t('auth.subtitle')}</p>
            </div>
            <LangSwitch />
          </div>
          <h1 className={s.heading}>{heading}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
