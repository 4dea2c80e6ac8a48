import { Image, Modal } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useT } from '../../state/hooks';
import type { PreviewImage } from './cells';

/**
 * The image a table shows large, held outside React state so opening the preview redraws the
 * dialog only, not the table. `open` is stable: image cells get it as a prop.
 */
export interface PreviewStore {
  get(): PreviewImage | undefined;
  open(image: PreviewImage | undefined): void;
  subscribe(listener: () => void): () => void;
}

export function createPreviewStore(): PreviewStore {
  let image: PreviewImage | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => image,
    open(next) {
      image = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The preview dialog of an image cell: the image large, its column as the title; Esc closes. */
export function ImagePreviewModal({ store }: { store: PreviewStore }) {
  const t = useT();
  const image = useSyncExternalStore(store.subscribe, store.get, store.get);
  return (
    <Modal
      opened={image !== undefined}
      onClose={() => store.open(undefined)}
      title={image?.alt}
      size="auto"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {image && <Image src={image.src} alt={image.alt} mah="80vh" maw="80vw" fit="contain" />}
    </Modal>
  );
}
