#!/usr/bin/env python3
"""Oracle: writes a zip archive with Python's zipfile, for the tests of boardkit's own zip
reader (ZipPackage), and damages it on request the ways real files are damaged.

usage: zip_make.py OUT [options] NAME=METHOD:FILE ...
  METHOD             stored or deflated; FILE holds the part's bytes
  --zip64            ZIP64 everywhere: local and central extra fields, the ZIP64 end record
                     and its locator (the limits lowered as CPython's own tests do)
  --comment TEXT     the archive's comment, after the end record
  --cut NAME         NAME's deflate stream cut in half (sizes and CRC-32 recorded whole)
  --past-end NAME    NAME's compressed size recorded as 2 GiB, past the end of the file
  --crc NAME         NAME's CRC-32 off by one bit, in its local header and the directory
  --size NAME=N      NAME's uncompressed size recorded as N, in both places
  --method NAME=N    NAME's method recorded as N (9 is Deflate64, 12 bzip2), in both places
  --encrypted NAME   NAME's flag bit 0 (encrypted) set, in both places; its data as it was

Prints JSON: {"zip64_end": whether the ZIP64 end record is there,
              "zip64_extras": with --zip64, how many central records have a ZIP64 extra field}
"""
import argparse
import json
import struct
import sys
import zipfile
import zlib


def central_records(data):
    """(offset of each central record, its name) from the end record (not ZIP64)."""
    end = data.rfind(b'PK\x05\x06')
    count, _, offset = struct.unpack('<HII', data[end + 10:end + 20])
    records = []
    for _ in range(count):
        n, m, k = struct.unpack('<HHH', data[offset + 28:offset + 34])
        records.append((offset, data[offset + 46:offset + 46 + n].decode()))
        offset += 46 + n + m + k
    return records


def patch(data, name, local_field, central_field, fmt, value):
    """Sets one field of NAME's local header and central record."""
    for at, record_name in central_records(data):
        if record_name == name:
            local = struct.unpack('<I', data[at + 42:at + 46])[0]
            struct.pack_into(fmt, data, local + local_field, value)
            struct.pack_into(fmt, data, at + central_field, value)
            return
    sys.exit(f'no entry {name}')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('out')
    parser.add_argument('parts', nargs='+')
    parser.add_argument('--zip64', action='store_true')
    parser.add_argument('--comment', default='')
    parser.add_argument('--cut')
    parser.add_argument('--past-end')
    parser.add_argument('--crc')
    parser.add_argument('--size')
    parser.add_argument('--method')
    parser.add_argument('--encrypted')
    args = parser.parse_args()
    if args.zip64:
        zipfile.ZIP64_LIMIT = 100
        zipfile.ZIP_FILECOUNT_LIMIT = 1
    contents = {}
    with zipfile.ZipFile(args.out, 'w') as z:
        for spec in args.parts:
            name, rest = spec.split('=', 1)
            method, path = rest.split(':', 1)
            with open(path, 'rb') as f:
                contents[name] = f.read()
            data = contents[name]
            info = zipfile.ZipInfo(name, date_time=(2026, 11, 24, 9, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED if method == 'deflated' else zipfile.ZIP_STORED
            if name == args.cut:
                # Stored as the cut raw deflate stream, then relabelled deflated below.
                packer = zlib.compressobj(6, zlib.DEFLATED, -15)
                raw = packer.compress(data) + packer.flush()
                info.compress_type = zipfile.ZIP_STORED
                data = raw[:len(raw) // 2]
            with z.open(info, 'w', force_zip64=args.zip64) as f:
                f.write(data)
        z.comment = args.comment.encode()
    with open(args.out, 'rb') as f:
        data = bytearray(f.read())
    if args.cut:
        whole = contents[args.cut]
        patch(data, args.cut, 8, 10, '<H', 8)
        patch(data, args.cut, 14, 16, '<I', zlib.crc32(whole))
        patch(data, args.cut, 22, 24, '<I', len(whole))
    if args.past_end:
        patch(data, args.past_end, 18, 20, '<I', 0x7FFF_FFFF)
    if args.crc:
        patch(data, args.crc, 14, 16, '<I', zlib.crc32(contents[args.crc]) ^ 1)
    if args.size:
        name, size = args.size.split('=')
        patch(data, name, 22, 24, '<I', int(size))
    if args.method:
        name, method = args.method.split('=')
        patch(data, name, 8, 10, '<H', int(method))
    if args.encrypted:
        patch(data, args.encrypted, 6, 8, '<H', 1)
    with open(args.out, 'wb') as f:
        f.write(data)
    extras = 0
    if args.zip64:
        with zipfile.ZipFile(args.out) as z:
            extras = sum(1 for i in z.infolist() if b'\x01\x00' == i.extra[:2])
    print(json.dumps({'zip64_end': b'PK\x06\x06' in data, 'zip64_extras': extras}))


if __name__ == '__main__':
    main()
