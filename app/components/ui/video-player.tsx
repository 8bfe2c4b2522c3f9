import { VideoOff } from "lucide-react";
import { type Ref, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export interface VideoSource {
  src: string;
  /** MIME type, e.g. `video/mp4`; lets the browser skip formats it cannot play. */
  type: string;
}

export interface CaptionCue {
  /** Seconds. */
  start: number;
  end: number;
  text: string;
}

export interface CaptionTrack {
  kind?: "captions" | "subtitles" | "descriptions";
  /** BCP 47 language of the track, e.g. `nl`. */
  srclang: string;
  /** Shown in the captions menu, e.g. "Nederlands". */
  label: string;
  /** A WebVTT file; or give `cues` inline (from the CMS) instead. */
  src?: string;
  cues?: readonly CaptionCue[];
  default?: boolean;
}

export interface VideoPlayerProps {
  /** Names the video for assistive technology. */
  title: string;
  sources: readonly VideoSource[];
  poster?: string;
  tracks?: readonly CaptionTrack[];
  /** Only ever muted: a video may start by itself, never with sound. */
  autoPlayMuted?: boolean;
  loop?: boolean;
  /** Box ratio, reserved before metadata loads. */
  aspectRatio?: string;
  caption?: string;
  className?: string;
  ref?: Ref<HTMLVideoElement>;
}

/** True when autoplay would be allowed: only muted, and never for people who asked for less motion. */
export function mayAutoplay(requested: boolean, reducedMotion: boolean): boolean {
  return requested && !reducedMotion;
}

/**
 * The browser's own video controls (keyboard and screen-reader friendly), a poster, caption tracks from
 * files or inline cues, and a message when no source can be played.
 */
export function VideoPlayer({
  title,
  sources,
  poster,
  tracks = [],
  autoPlayMuted = false,
  loop = false,
  aspectRatio = "16 / 9",
  caption,
  className = "",
  ref,
}: VideoPlayerProps) {
  const { t } = useTranslation("ui");
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // Every <source> may have failed before hydration, when React was not listening yet.
    if (videoRef.current?.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) setFailed(true);
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!mayAutoplay(autoPlayMuted, window.matchMedia("(prefers-reduced-motion: reduce)").matches)) return;
    video.muted = true;
    // A refused autoplay just leaves the poster and the play button.
    video.play().catch(() => undefined);
  }, [autoPlayMuted]);

  // Inline cues become text tracks of their own; file tracks are <track> elements below.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || typeof VTTCue === "undefined") return;
    const added: TextTrack[] = [];
    for (const track of tracks) {
      if (!track.cues || track.src) continue;
      const textTrack = video.addTextTrack(track.kind ?? "captions", track.label, track.srclang);
      for (const cue of track.cues) textTrack.addCue(new VTTCue(cue.start, cue.end, cue.text));
      textTrack.mode = track.default ? "showing" : "hidden";
      added.push(textTrack);
    }
    return () => {
      for (const textTrack of added) textTrack.mode = "disabled";
    };
  }, [tracks]);

  return (
    <figure className={className}>
      <div className="relative overflow-hidden bg-ink" style={{ aspectRatio }}>
        {/* biome-ignore lint/a11y/useMediaCaption: captions come from `tracks`, as files or inline cues */}
        <video
          ref={(element) => {
            videoRef.current = element;
            if (typeof ref === "function") ref(element);
            else if (ref) ref.current = element;
          }}
          aria-label={title}
          controls
          playsInline
          preload="metadata"
          poster={poster}
          loop={loop}
          onError={() => setFailed(true)}
          className="absolute inset-0 size-full object-cover"
        >
          {sources.map((source, index) => (
            <source
              key={source.src}
              src={source.src}
              type={source.type}
              onError={index === sources.length - 1 ? () => setFailed(true) : undefined}
            />
          ))}
          {tracks
            .filter((track) => track.src)
            .map((track) => (
              <track
                key={`${track.srclang}-${track.kind ?? "captions"}`}
                kind={track.kind ?? "captions"}
                src={track.src}
                srcLang={track.srclang}
                label={track.label}
                default={track.default}
              />
            ))}
        </video>
        {failed ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-ink/70 p-6 text-center text-sm text-paper">
            <VideoOff aria-hidden="true" className="size-6" strokeWidth={1.5} />
            <p>{t("video.unavailable")}</p>
          </div>
        ) : null}
      </div>
      {caption ? <figcaption className="mt-2 text-xs text-muted">{caption}</figcaption> : null}
    </figure>
  );
}
