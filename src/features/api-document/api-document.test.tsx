import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiDocument } from '../../api/api-document';
import { fail, reply, renderSignedIn, scriptFetch, type Call } from '../../test/signed-in';
import ApiDocumentPage from './api-document-page';
import { schemaFields } from './model';

/** A scripted answer of GET blade-system/api-document (the server's shape, server/lib/api-doc). */
const DOC: ApiDocument = {
  services: [
    {
      name: 'blade-auth',
      routes: [
        {
          method: 'POST',
          path: '/api/blade-auth/oauth/token',
          access: { kind: 'public' },
          summary: { zh: '登录或刷新令牌', en: 'Sign in, or refresh the tokens' },
          clientAuth: true,
        },
        {
          method: 'GET',
          path: '/api/blade-auth/oauth/user-info',
          access: { kind: 'user' },
        },
      ],
    },
    {
      name: 'blade-system',
      routes: [
        {
          method: 'GET',
          path: '/api/blade-system/post/list',
          access: { kind: 'perm', codes: ['post', 'post_view'] },
          summary: { zh: '分页列表', en: 'Paged list' },
          query: [
            { name: 'current', type: 'integer' },
            {
              name: 'postName',
              type: 'string',
              operator: 'like',
              suffixes: ['equal', 'like'],
              description: { zh: '岗位名称筛选', en: 'Post name filter' },
            },
          ],
        },
        {
          method: 'POST',
          path: '/api/blade-system/post/submit',
          access: { kind: 'perm', codes: ['post_add', 'post_edit'] },
          summary: { zh: '新增或修改', en: 'Create or update' },
          body: {
            contentType: 'application/json',
            schema: {
              type: 'object',
              required: ['postCode', '<script>alert(1)</script>'],
              properties: {
                postCode: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Z]+$' },
                '<script>alert(1)</script>': { type: 'string' },
                category: { type: 'integer', enum: [1, 2, 3] },
                remark: { anyOf: [{ type: 'string', maxLength: 255 }, { type: 'null' }] },
                owner: {
                  type: 'object',
                  required: ['name'],
                  properties: { name: { type: 'string', maxLength: 20 } },
                },
              },
            },
          },
        },
        {
          method: 'POST',
          path: '/api/blade-system/region/submit',
          access: { kind: 'super' },
        },
      ],
    },
  ],
};

let calls: Call[] = [];
let answer: (call: Call) => unknown;

beforeEach(() => {
  answer = () => DOC;
  calls = scriptFetch((call) => answer(call));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routesTable = () => screen.findByRole('table', {}, { timeout: 5000 });
const rowOf = (path: string) => screen.getByRole('button', { name: path }).closest('tr')!;

describe('API documentation page', () => {
  it('lists the services with counts and the first service’s routes', async () => {
    renderSignedIn(<ApiDocumentPage />);
    expect(screen.getByRole('heading', { level: 1, name: '接口文档' })).toBeTruthy();
    const table = await routesTable();
    const nav = screen.getByRole('navigation', { name: '服务' });
    expect(within(nav).getByRole('button', { name: 'blade-auth (2)' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'blade-system (3)' })).toBeTruthy();
    // blade-auth first: its routes, with method, access and summary.
    expect(within(table).getByRole('button', { name: '/api/blade-auth/oauth/token' })).toBeTruthy();
    expect(within(rowOf('/api/blade-auth/oauth/token')).getByText('POST')).toBeTruthy();
    expect(within(rowOf('/api/blade-auth/oauth/token')).getByText('公开')).toBeTruthy();
    expect(within(rowOf('/api/blade-auth/oauth/token')).getByText('登录或刷新令牌')).toBeTruthy();
    expect(within(rowOf('/api/blade-auth/oauth/user-info')).getByText('登录用户')).toBeTruthy();
    expect(within(table).queryByText('/api/blade-system/post/list')).toBeNull();
    expect(calls[0]?.url).toBe('/api/blade-system/api-document');

    fireEvent.click(within(nav).getByRole('button', { name: 'blade-system (3)' }));
    expect(within(rowOf('/api/blade-system/post/list')).getByText('post_view')).toBeTruthy();
    expect(within(rowOf('/api/blade-system/region/submit')).getByText('超级管理员')).toBeTruthy();
    expect(screen.queryByText('/api/blade-auth/oauth/token')).toBeNull();
  });

  it('opens a route with its parameters and body fields, shown as text', async () => {
    renderSignedIn(<ApiDocumentPage />);
    await routesTable();
    fireEvent.click(screen.getByRole('button', { name: 'blade-system (3)' }));
    fireEvent.click(screen.getByRole('button', { name: '/api/blade-system/post/list' }));
    const params = await screen.findByRole('table', { name: '请求参数' });
    expect(within(params).getByText('postName')).toBeTruthy();
    expect(within(params).getByText('岗位名称筛选')).toBeTruthy();
    expect(within(params).getByText('默认运算：like')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: '请求参数' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '/api/blade-system/post/submit' }));
    const body = await screen.findByRole('table', { name: '请求体' });
    const field = (name: string) => within(body).getByText(name).closest('tr')!;
    expect(within(field('postCode')).getByText('string')).toBeTruthy();
    expect(within(field('postCode')).getByText('是')).toBeTruthy();
    expect(within(field('postCode')).getByText('maxLength: 32')).toBeTruthy();
    expect(within(field('postCode')).getByText('pattern: ^[A-Z]+$')).toBeTruthy();
    expect(within(field('category')).getByText('enum: 1, 2, 3')).toBeTruthy();
    expect(within(field('category')).getByText('否')).toBeTruthy();
    expect(within(field('remark')).getByText('string | null')).toBeTruthy();
    expect(within(field('owner.name')).getByText('maxLength: 20')).toBeTruthy();
    // A field name that looks like markup is text, never an element.
    expect(within(body).getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
  });

  it('searches every service by path, summary or permission code, from the keyboard', async () => {
    renderSignedIn(<ApiDocumentPage />);
    await routesTable();
    const search = screen.getByRole('searchbox', { name: '搜索接口' });
    // `/` focuses the search.
    fireEvent.keyDown(document.body, { key: '/', code: 'Slash' });
    expect(document.activeElement).toBe(search);

    fireEvent.change(search, { target: { value: 'post_view' } });
    expect(screen.getByText('搜索结果：1 个接口')).toBeTruthy();
    expect(screen.getByRole('button', { name: '/api/blade-system/post/list' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '/api/blade-auth/oauth/token' })).toBeNull();

    fireEvent.change(search, { target: { value: 'SUBMIT' } });
    expect(screen.getByText('搜索结果：2 个接口')).toBeTruthy();
    fireEvent.change(search, { target: { value: '刷新令牌' } });
    expect(screen.getByText('搜索结果：1 个接口')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'nothing-like-this' } });
    expect(screen.getByText('没有匹配的接口')).toBeTruthy();

    // Arrow keys move through the results, Enter opens the highlighted one.
    fireEvent.change(search, { target: { value: '/api/' } });
    expect(screen.getByText('搜索结果：5 个接口')).toBeTruthy();
    expect(rowOf('/api/blade-auth/oauth/token').getAttribute('aria-current')).toBe('true');
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(rowOf('/api/blade-system/post/list').getAttribute('aria-current')).toBe('true');
    fireEvent.keyDown(search, { key: 'ArrowUp' });
    expect(rowOf('/api/blade-auth/oauth/user-info').getAttribute('aria-current')).toBe('true');
    fireEvent.keyDown(search, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('/api/blade-auth/oauth/user-info')).toBeTruthy();
    expect(within(dialog).getByText('该接口没有更多说明。')).toBeTruthy();
    expect(within(dialog).getByText('无请求参数说明')).toBeTruthy();
    expect(within(dialog).getByText('无请求体说明')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Esc clears the search: the chosen service's routes again.
    fireEvent.keyDown(search, { key: 'Escape' });
    expect((search as HTMLInputElement).value).toBe('');
    expect(screen.getByText('blade-auth：2 个接口')).toBeTruthy();
  });

  it('says when the reference fails to load, and retries', async () => {
    let failing = true;
    answer = () => (failing ? reply(fail(500, '服务器开小差了')) : DOC);
    renderSignedIn(<ApiDocumentPage />);
    expect(await screen.findByText('接口文档加载失败', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('服务器开小差了')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await routesTable()).toBeTruthy();
  });

  it('downloads openapi.json through the authenticated client, no token in a URL', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b: Blob | MediaSource) => {
      created.push(b as Blob);
      return 'blob:openapi';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    answer = (call) =>
      call.url.endsWith('/openapi.json')
        ? new Response('{"openapi":"3.1.0"}', { status: 200 })
        : DOC;
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.download} ${this.getAttribute('href')}`);
    });
    renderSignedIn(<ApiDocumentPage />);
    await routesTable();
    fireEvent.click(screen.getByRole('button', { name: '下载 openapi.json' }));
    await waitFor(() => expect(clicked).toEqual(['openapi.json blob:openapi']));
    const call = calls.find((c) => c.url.includes('openapi.json'))!;
    expect(call.url).toBe('/api/blade-system/api-document/openapi.json');
    expect(await created[0]!.text()).toBe('{"openapi":"3.1.0"}');
    click.mockRestore();
  });
});

describe('schemaFields', () => {
  it('flattens nested objects and arrays with their constraints', () => {
    const fields = schemaFields({
      type: 'object',
      required: ['items'],
      properties: {
        items: {
          type: 'array',
          maxItems: 5,
          items: { type: 'object', properties: { code: { type: 'string', format: 'email' } } },
        },
      },
    });
    expect(fields).toEqual([
      {
        name: 'items',
        depth: 0,
        type: 'array<object>',
        required: true,
        constraints: ['maxItems: 5'],
      },
      {
        name: 'items[].code',
        depth: 1,
        type: 'string',
        required: false,
        constraints: ['format: email'],
      },
    ]);
    expect(schemaFields({ type: 'array', items: { type: 'string' } })).toEqual([
      { name: '(body)', depth: 0, type: 'array<string>', required: true, constraints: [] },
    ]);
  });
});
