/** An uploaded file of the caller's tenant: blade-resource/attach. */
export interface Attach {
  id: string;
  originalName: string;
  extension: string;
  /** Bytes. */
  attachSize: number;
  contentType: string;
  /** The uploader's real name. */
  createUserName: string;
  createTime: string;
  link: string;
  name: string;
}

/** What the attachments screen accepts (the server's allowlist; each file's content is checked). */
export const ATTACH_TYPES = ['.doc', '.docx', '.xls', '.xlsx', '.pdf', '.jpg', '.jpeg', '.png'];
