/**
 * The extensions a file material takes: the documents, sheets, slides, media and archives of a
 * classroom. The upload box checks names against a list; the server stores any type it gets.
 */
export const FILE_MATERIAL_TYPES: readonly string[] = [
  'pdf', 'doc', 'docx', 'odt', 'rtf', 'txt', 'md', 'csv',
  'xls', 'xlsx', 'ods', 'ppt', 'pptx', 'odp', 'key', 'pages', 'numbers', 'epub',
  'jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'heic',
  'mp3', 'wav', 'm4a', 'ogg', 'mp4', 'mov', 'webm', 'm4v', 'avi', 'mkv',
  'zip', 'rar', '7z', 'sb3', 'ggb', 'py', 'html', 'json',
];
