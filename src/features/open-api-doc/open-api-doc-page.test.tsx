import { createHash, createHmac } from 'node:crypto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OPEN_ERRORS, OPEN_ROUTES } from '../../contracts/platform-client/open-api';
import { renderSignedIn } from '../../test/signed-in';
import OpenApiDocPage from './open-api-doc-page';
import { WORKED_EXAMPLE } from './signing';

afterEach(cleanup);

/** The server's rule, computed with node:crypto: what the page must agree with. */
function expected(input: typeof WORKED_EXAMPLE) {
  const bodySha256 = createHash('sha256').update(input.body).digest('hex');
  const text = [input.method, input.path, input.timestamp, input.nonce, bodySha256].join('\n');
  return { bodySha256, signature: createHmac('sha256', input.secret).update(text).digest('hex') };
}

describe('the open API page', () => {
  it('documents every call, field and error code of the contract', async () => {
    renderSignedIn(<OpenApiDocPage />);
    for (const route of OPEN_ROUTES) {
      const section = screen.getByRole('region', { name: route.title.zh });
      expect(within(section).getByText(`/open/v1${route.path}`)).toBeTruthy();
      for (const field of route.body ?? [])
        expect(within(section).getAllByText(field.name).length).toBeGreaterThan(0);
      for (const code of route.errors) expect(within(section).getByText(code)).toBeTruthy();
    }
    for (const code of Object.keys(OPEN_ERRORS))
      expect(screen.getAllByText(code).length).toBeGreaterThan(0);
  });

  it('computes the worked example as the server signs', async () => {
    renderSignedIn(<OpenApiDocPage />);
    const want = expected(WORKED_EXAMPLE);
    await waitFor(() => expect(screen.getAllByText(want.signature).length).toBeGreaterThan(0));
    expect(screen.getAllByText(want.bodySha256).length).toBeGreaterThan(0);
  });

  it("signs the reader's own request on the page", async () => {
    renderSignedIn(<OpenApiDocPage />);
    fireEvent.change(screen.getByLabelText('应用密钥'), { target: { value: 'my-secret' } });
    fireEvent.change(screen.getByLabelText('时间戳'), { target: { value: '1800000000' } });
    const want = expected({ ...WORKED_EXAMPLE, secret: 'my-secret', timestamp: '1800000000' });
    await waitFor(() => expect(screen.getByText(want.signature)).toBeTruthy());
  });
});
