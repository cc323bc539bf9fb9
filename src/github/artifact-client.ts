/**
 * The workflow-artifact service as the run uses it: one upload of a folder's files, through the
 * official `@actions/artifact` client (which reads `ACTIONS_RUNTIME_TOKEN` and `ACTIONS_RESULTS_URL`
 * from the runner's environment itself). Imported only when a run uploads, so runs that do not
 * load none of its storage client at start-up.
 */
import { ARTIFACT_UPLOAD_TIMEOUT_MS } from '../limits.js';

/** What an upload gives back: the artifact's id (its page is `…/actions/runs/<run>/artifacts/<id>`). */
export interface UploadedArtifact {
  id: number;
  size: number;
}

export interface ArtifactUploader {
  /** Uploads `files` (absolute, under `root`) as one zipped artifact called `name`. */
  upload(name: string, files: string[], root: string): Promise<UploadedArtifact>;
}

/** The real service; rejects after `ARTIFACT_UPLOAD_TIMEOUT_MS` so a stuck upload cannot hold the job. */
export function createArtifactUploader(timeoutMs = ARTIFACT_UPLOAD_TIMEOUT_MS): ArtifactUploader {
  return {
    async upload(name, files, root) {
      const { DefaultArtifactClient } = await import('@actions/artifact');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
        timer.unref();
      });
      try {
        const result = await Promise.race([
          new DefaultArtifactClient().uploadArtifact(name, files, root),
          timeout,
        ]);
        if (result.id === undefined) throw new Error('the artifact service returned no artifact id');
        return { id: result.id, size: result.size ?? 0 };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
