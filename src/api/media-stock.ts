import type { Page } from '../contracts/auth';
import { api } from './api';
import { apiRequest } from './client';
import { UPLOAD_TIMEOUT_MS } from './files';

/**
 * The picture stock (blade-system/pic-stock: folder tree, pictures, uploads) and the video stock
 * (blade-resource/video). Pictures and videos carry a public `link` (an unguessable address an
 * <img> or <video> can load without the token); lists and writes go through the client.
 */

/** A folder of `tree-datas` (the tree shape of other trees). */
export interface PicFolder {
  id: string;
  parentId: string;
  title: string;
  name: string;
  sort: number;
  /** Optimistic lock: sent back with a rename, a stale one answers 409. */
  version?: number;
  hasChildren: boolean;
  children?: PicFolder[];
}

export interface Picture {
  id: string;
  /** '0' = not in a folder (the library's top level). */
  folderId: string;
  name: string;
  originalName: string;
  link: string;
  extension: string;
  /** Bytes. */
  size: number;
  /** '' when the header did not tell. */
  width: number | '';
  height: number | '';
  createTime: string;
  createUserName?: string;
}

export interface Video {
  id: string;
  name: string;
  originalName: string;
  link: string;
  extension: string;
  size: number;
  createTime: string;
  createUserName?: string;
}

export interface PictureQuery {
  folderId: string;
  current: number;
  size: number;
  name?: string | undefined;
}

export interface VideoQuery {
  current: number;
  size: number;
  name?: string | undefined;
}

export interface FolderInput {
  id?: string | undefined;
  parentId: string;
  name: string;
  sort?: number | undefined;
  version?: number | undefined;
}

/** The top level of the picture stock (no folder). */
export const ROOT_FOLDER = '0';

const tagged = api.enhanceEndpoints({ addTagTypes: ['PicFolder', 'Picture', 'Video'] });

export const mediaStockApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    picFolders: build.query<PicFolder[], void>({
      query: () => ({ url: 'blade-system/pic-stock/tree-datas', silent: true }),
      providesTags: ['PicFolder'],
    }),
    pictures: build.query<Page<Picture>, PictureQuery>({
      query: ({ folderId, current, size, name }) => ({
        url: 'blade-system/pic-stock/pic-list',
        params: { folderId, current, size, ...(name ? { name } : {}) },
        silent: true,
      }),
      providesTags: ['Picture'],
    }),
    /** Create (no id) or rename a folder; answers the folder. */
    submitPicFolder: build.mutation<PicFolder, FolderInput>({
      query: (body) => ({
        url: 'blade-system/pic-stock/folder-submit',
        method: 'POST',
        body,
        silent: true,
      }),
      invalidatesTags: ['PicFolder'],
    }),
    /** Only empty folders go; the server names a folder that is not empty. */
    removePicFolder: build.mutation<unknown, string>({
      query: (id) => ({
        url: 'blade-system/pic-stock/folder-remove',
        method: 'POST',
        params: { ids: id },
        silent: true,
      }),
      invalidatesTags: ['PicFolder'],
    }),
    removePictures: build.mutation<unknown, string[]>({
      query: (ids) => ({
        url: 'blade-system/pic-stock/remove',
        method: 'POST',
        params: { ids: ids.join(',') },
      }),
      invalidatesTags: ['Picture'],
    }),
    /** Spec section 7: POST list with the page and filters in the body. */
    videos: build.query<Page<Video>, VideoQuery>({
      query: ({ current, size, name }) => ({
        url: 'blade-resource/video/list',
        method: 'POST',
        body: { current, size, ...(name ? { name } : {}) },
        silent: true,
      }),
      providesTags: ['Video'],
    }),
    removeVideos: build.mutation<unknown, string[]>({
      query: (ids) => ({
        url: 'blade-resource/video/remove',
        method: 'POST',
        params: { ids: ids.join(',') },
      }),
      invalidatesTags: ['Video'],
    }),
  }),
});

export const {
  usePicFoldersQuery,
  usePicturesQuery,
  useSubmitPicFolderMutation,
  useRemovePicFolderMutation,
  useRemovePicturesMutation,
  useVideosQuery,
  useRemoveVideosMutation,
} = mediaStockApi;

/** A video of up to 100 MB may take a while on a slow line. */
export const VIDEO_UPLOAD_TIMEOUT_MS = 15 * 60_000;

/**
 * One picture into a folder (multipart `file`). Rejects with the server's message, untoasted:
 * the uploader shows it beside the file.
 */
export function uploadPicture(
  file: File,
  folderId: string,
  signal?: AbortSignal,
  onProgress?: (fraction: number) => void,
) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<Picture>(
    {
      url: 'blade-system/pic-stock/put-file',
      method: 'POST',
      params: { folderId },
      body: form,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      silent: true,
      ...(onProgress ? { onUploadProgress: onProgress } : {}),
    },
    signal,
  );
}

/** One video (multipart `file`, optional `name`: the file name without extension otherwise). */
export function uploadVideo(
  file: File,
  name?: string,
  signal?: AbortSignal,
  onProgress?: (fraction: number) => void,
) {
  const form = new FormData();
  form.append('file', file, file.name);
  if (name) form.append('name', name);
  return apiRequest<Video>(
    {
      url: 'blade-resource/video/upload',
      method: 'POST',
      body: form,
      timeoutMs: VIDEO_UPLOAD_TIMEOUT_MS,
      silent: true,
      ...(onProgress ? { onUploadProgress: onProgress } : {}),
    },
    signal,
  );
}

/** Pictures and videos are refreshed after uploads done outside RTK Query. */
export const invalidatePictures = () => mediaStockApi.util.invalidateTags(['Picture']);
export const invalidateVideos = () => mediaStockApi.util.invalidateTags(['Video']);

/**
 * A media address the page may load: our own public paths, or http(s) (an S3-style domain).
 * Anything else (javascript:, data:, odd paths) is not used.
 */
export function mediaUrl(link: string | undefined): string | undefined {
  if (!link) return undefined;
  if (/^\/api\/[A-Za-z0-9/_.-]+$/.test(link) && !link.includes('..')) return link;
  if (/^https?:\/\/[^\s]+$/i.test(link)) return link;
  return undefined;
}

/** The absolute address to hand out (copy link). */
export function absoluteUrl(link: string): string {
  return new URL(link, window.location.origin).href;
}
