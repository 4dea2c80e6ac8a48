import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ApiError } from '../../api/client';
import type { Captcha } from '../../contracts/auth';
import {
  enterpriseRegisterContract,
  SUPPLY_TYPE_NAMES,
} from '../../contracts/platform-supplier/enterprise-register';
import { pickLang } from '../../i18n';
import { useLang, useT } from '../../state/hooks';
import { AuthFrame } from '../auth/auth-frame';
import { effectiveTenantId, tenantFieldVisible } from '../auth/tenant-field';
import { useDomainTenant } from '../auth/tenant-info';
import {
  captchaMode,
  newCaptcha,
  submitApplication,
  type ApplicationValues,
} from './enterprise-register-call';
import { applicationProblems } from './enterprise-register-rules';

const EMPTY: ApplicationValues = {
  tenantId: '',
  companyName: '',
  creditCode: '',
  contactName: '',
  contactPhone: '',
  email: '',
  supplyType: '',
  remark: '',
  captcha: '',
};
const fields = enterpriseRegisterContract.fields;

/** The server's text without its `<field>:` prefix. */
function serverText(err: unknown): string | undefined {
  const e = err as Partial<ApiError> | undefined;
  if (!e || typeof e.status !== 'number' || typeof e.message !== 'string' || !e.message) return;
  const m = /^[A-Za-z][A-Za-z0-9_]*:(.+)$/s.exec(e.message);
  return (m?.[1] ?? e.message).trim();
}

/**
 * /enterprise-register (issue 17 item 5): a supplier applies to the platform without an account.
 * The form checks what the server checks (the contract's messages), asks for the tenant unless
 * the domain names it, and for a captcha in captcha mode. Qualification files need a session to
 * upload, so they are added to the supplier record after approval.
 */
export function EnterpriseRegisterPage() {
  const t = useT();
  const lang = useLang();
  const tenant = useDomainTenant();
  const showTenant = tenantFieldVisible(tenant);
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha>();
  const [failure, setFailure] = useState<string>();
  const [sent, setSent] = useState(false);
  const first = useRef<HTMLInputElement>(null);

  const form = useForm<ApplicationValues>({
    mode: 'uncontrolled',
    initialValues: EMPTY,
    validate: (values) => {
      const problems = Object.fromEntries(
        Object.entries(applicationProblems(values)).map(([k, v]) => [k, pickLang(lang, v)]),
      ) as Partial<Record<keyof ApplicationValues, string>>;
      if (showTenant && !values.tenantId.trim())
        problems.tenantId = t('enterpriseRegister.tenantIdRequired');
      if (needsCaptcha && !values.captcha.trim())
        problems.captcha = t('enterpriseRegister.captchaRequired');
      return problems;
    },
  });

  const refreshCaptcha = useCallback(() => {
    newCaptcha().then(setCaptcha, () => setCaptcha(undefined));
  }, []);
  useEffect(() => {
    let live = true;
    void captchaMode().then((on) => {
      if (!live) return;
      setNeedsCaptcha(on);
      if (on) refreshCaptcha();
    });
    return () => {
      live = false;
    };
  }, [refreshCaptcha]);

  const submit = async (values: ApplicationValues) => {
    setFailure(undefined);
    try {
      await submitApplication(
        values,
        effectiveTenantId(tenant, values.tenantId),
        needsCaptcha ? captcha : undefined,
      );
      form.reset();
      setSent(true);
    } catch (err) {
      const status = (err as Partial<ApiError> | undefined)?.status;
      setFailure(
        status === 429
          ? t('enterpriseRegister.tooMany')
          : (serverText(err) ?? t('enterpriseRegister.failed')),
      );
      if (needsCaptcha) {
        form.setFieldValue('captcha', '');
        refreshCaptcha();
      }
    }
  };

  const input = (name: keyof ApplicationValues) => ({ name, ...form.getInputProps(name) });

  return (
    <AuthFrame heading={t('enterpriseRegister.page.title')}>
      {sent ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            {t('enterpriseRegister.submitted')}
          </Alert>
          <Group justify="space-between">
            <Button
              variant="default"
              onClick={() => {
                setSent(false);
                if (needsCaptcha) refreshCaptcha();
                requestAnimationFrame(() => first.current?.focus());
              }}
            >
              {t('enterpriseRegister.another')}
            </Button>
            <Link to="/login">{t('enterpriseRegister.backToLogin')}</Link>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            if (form.submitting) {
              e.preventDefault();
              return;
            }
            form.onSubmit(submit)(e);
          }}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('enterpriseRegister.page.intro')}
            </Text>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            {showTenant && (
              <TextInput
                label={t('enterpriseRegister.tenantId')}
                required
                maxLength={32}
                autoComplete="organization"
                key={form.key('tenantId')}
                {...input('tenantId')}
              />
            )}
            <TextInput
              ref={first}
              label={t('enterpriseRegister.companyName')}
              required
              maxLength={fields.companyName.maxLength}
              autoComplete="organization"
              key={form.key('companyName')}
              {...input('companyName')}
            />
            <TextInput
              label={t('enterpriseRegister.creditCode')}
              description={t('enterpriseRegister.creditCodeHint')}
              required
              maxLength={fields.creditCode.maxLength}
              autoComplete="off"
              key={form.key('creditCode')}
              {...input('creditCode')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label={t('enterpriseRegister.contactName')}
                required
                maxLength={fields.contactName.maxLength}
                autoComplete="name"
                key={form.key('contactName')}
                {...input('contactName')}
              />
              <TextInput
                label={t('enterpriseRegister.contactPhone')}
                required
                type="tel"
                maxLength={fields.contactPhone.maxLength}
                autoComplete="tel"
                key={form.key('contactPhone')}
                {...input('contactPhone')}
              />
            </SimpleGrid>
            <TextInput
              label={t('enterpriseRegister.email')}
              required
              type="email"
              maxLength={fields.email.maxLength}
              autoComplete="email"
              key={form.key('email')}
              {...input('email')}
            />
            <Select
              label={t('enterpriseRegister.supplyType')}
              required
              allowDeselect={false}
              data={Object.entries(SUPPLY_TYPE_NAMES).map(([value, label]) => ({
                value,
                label: pickLang(lang, label),
              }))}
              key={form.key('supplyType')}
              {...input('supplyType')}
            />
            <Textarea
              label={t('enterpriseRegister.remark')}
              autosize
              minRows={2}
              maxRows={5}
              maxLength={fields.remark.maxLength}
              key={form.key('remark')}
              {...input('remark')}
            />
            {needsCaptcha && (
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <TextInput
                  label={t('enterpriseRegister.captcha')}
                  required
                  maxLength={8}
                  autoComplete="off"
                  style={{ flex: 1 }}
                  key={form.key('captcha')}
                  {...input('captcha')}
                />
                {captcha && (
                  <img
                    src={captcha.image}
                    alt={t('enterpriseRegister.captchaImage')}
                    width={110}
                    height={36}
                  />
                )}
                <ActionIcon
                  variant="default"
                  size={36}
                  aria-label={t('enterpriseRegister.captchaRefresh')}
                  onClick={refreshCaptcha}
                >
                  <IconRefresh size={16} aria-hidden />
                </ActionIcon>
              </Group>
            )}
            <Text size="xs" c="dimmed">
              {t('enterpriseRegister.filesNote')}
            </Text>
            <Group justify="space-between">
              <Link to="/login">{t('enterpriseRegister.backToLogin')}</Link>
              <Button type="submit" loading={form.submitting}>
                {t('enterpriseRegister.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AuthFrame>
  );
}
