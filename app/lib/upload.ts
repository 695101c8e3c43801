import { useEffect, useState } from "react";

// Posts a form with XMLHttpRequest, which (unlike fetch) reports the upload's progress, and
// answers the status and the JSON body. Used where a form carries an image.
export function uploadWithProgress<Answer>(
  url: string,
  body: FormData,
  onProgress: (percent: number) => void,
): Promise<{ status: number; body: Answer }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("X-Requested-With", "XMLHttpRequest");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve({ status: xhr.status, body: JSON.parse(xhr.responseText) as Answer });
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new Error("network"));
    xhr.send(body);
  });
}

/**
 * Posts a form with a progress bar: `progress` is 0 to 100 while a form is on its way, else null.
 * Kept apart from useSchemaForm so that pages whose forms send no file do not ship it.
 */
export function useUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = async <Answer>(url: string, body: FormData) => {
    setProgress(0);
    try {
      return await uploadWithProgress<Answer>(url, body, setProgress);
    } finally {
      setProgress(null);
    }
  };
  return { upload, progress };
}

/** The image types the pipeline accepts, for file inputs. */
export const acceptedImageTypes = "image/jpeg,image/png,image/webp,image/avif";

/** A local address showing the chosen file before it is sent, released when the file changes. */
export function useFilePreview(file: File | null | undefined): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return preview;
}
