import { describe, expect, it } from 'vitest'
import {
  formatDuration,
  mediaInfoRows,
  playbackType,
  showsOriginalImage,
  type MediaInfo,
} from '../../src/lib/mediaPlayback.ts'

const info = (video: string | null, audio: string | null): MediaInfo => ({
  width: 1920,
  height: 1080,
  duration_seconds: 62.4,
  video_codec: video,
  audio_codec: audio,
  format: 'mov,mp4,m4a,3gp,3g2,mj2',
})

describe('playbackType', () => {
  it('asks about the container, with the probed codecs', () => {
    expect(playbackType('clip.mp4')).toBe('video/mp4')
    expect(playbackType('clip.mp4', info('h264', 'aac'))).toBe('video/mp4; codecs="avc1.42E01E, mp4a.40.2"')
    expect(playbackType('clip.webm', info('vp9', null))).toBe('video/webm; codecs="vp09.00.10.08"')
    expect(playbackType('song.mp3')).toBe('audio/mpeg')
    expect(playbackType('song.m4a', info(null, 'aac'))).toBe('audio/mp4; codecs="mp4a.40.2"')
  })
  it('answers none for codecs and containers no browser plays', () => {
    expect(playbackType('master.mov', info('prores', 'pcm_s24le'))).toBeUndefined()
    expect(playbackType('tape.mxf')).toBeUndefined()
    expect(playbackType('take.aiff')).toBeUndefined()
    expect(playbackType('photo.jpg')).toBeUndefined()
  })
})

describe('showsOriginalImage', () => {
  it('draws the browser-shown formats, not HEIC or raw', () => {
    expect(showsOriginalImage('a.JPG')).toBe(true)
    expect(showsOriginalImage('a.webp')).toBe(true)
    expect(showsOriginalImage('a.heic')).toBe(false)
    expect(showsOriginalImage('a.cr2')).toBe(false)
  })
})

describe('media properties', () => {
  it('formats durations as a player does', () => {
    expect(formatDuration(62.4)).toBe('1:02')
    expect(formatDuration(3723)).toBe('1:02:03')
    expect(formatDuration(0)).toBe('0:00')
  })
  it('lists what the probe found', () => {
    expect(mediaInfoRows(info('h264', 'aac'))).toEqual([
      ['Duration', '1:02'],
      ['Dimensions', '1920 × 1080'],
      ['Video Codec', 'h264'],
      ['Audio Codec', 'aac'],
    ])
    expect(mediaInfoRows({ ...info(null, null), duration_seconds: null, width: 640, height: null })).toEqual(
      [],
    )
    expect(mediaInfoRows(null)).toEqual([])
  })
})
