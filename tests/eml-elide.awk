# Prints a mail as it is, except the base64 bytes of its image parts: the
# golden transcripts check the MIME tree, the headers and every word, and a
# picture's bytes depend on the librsvg and cairo of the machine (the image
# tests check the pictures themselves), and so do their line count. Used by
# the golden tests.
/^Content-Type: image\// { image = 1 }
image && body && /^--/ { print "(base64 picture data)"; image = 0; body = 0 }
image && body { next }
image && /^$/ { body = 1 }
{ print }
