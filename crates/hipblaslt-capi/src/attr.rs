//! Descriptor attributes, one table per descriptor kind (its C enum's numbers, each value's C
//! type and default, and the check of a new value), with one implementation of hipBLASLt's
//! `...SetAttribute` and `...GetAttribute` conventions for all of them.

use crate::{fail, status, Result};
use std::ffi::c_void;

/// The C type of an attribute's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    I32,
    U32,
    I64,
    U64,
    Ptr,
}

impl Kind {
    pub(crate) fn size(self) -> usize {
        match self {
            Kind::I32 | Kind::U32 => 4,
            Kind::I64 | Kind::U64 => 8,
            Kind::Ptr => std::mem::size_of::<*const c_void>(),
        }
    }
}

/// A check of a new value (as [`Attrs`] holds it): why it is refused, or None.
pub(crate) type Check = fn(i64) -> Option<String>;

/// One attribute of a descriptor kind.
pub(crate) struct Attr {
    /// Its number in the C enum.
    pub id: i32,
    /// Its C name, for messages.
    pub name: &'static str,
    pub kind: Kind,
    /// Its value in a new descriptor.
    pub default: i64,
    pub check: Option<Check>,
}

/// A descriptor kind's attribute table and C enum name.
pub(crate) struct Table {
    pub enum_name: &'static str,
    pub attrs: &'static [Attr],
}

/// One descriptor's attribute values, one per row of its table: signed kinds sign-extended,
/// unsigned ones and addresses as their bits.
#[derive(Clone)]
pub(crate) struct Attrs {
    table: &'static Table,
    values: Vec<i64>,
}

impl Attrs {
    pub(crate) fn new(table: &'static Table) -> Self {
        Attrs {
            table,
            values: table.attrs.iter().map(|a| a.default).collect(),
        }
    }

    fn row(&self, id: i32) -> Result<usize> {
        match self.table.attrs.iter().position(|a| a.id == id) {
            Some(i) => Ok(i),
            None => fail(
                status::INVALID_VALUE,
                format!("{id} is not a {}", self.table.enum_name),
            ),
        }
    }

    /// The value of attribute `id` (a number of the table; 0 for one it lacks, which the
    /// library's own callers never ask for).
    pub(crate) fn value(&self, id: i32) -> i64 {
        self.row(id).map_or(0, |i| self.values[i])
    }

    /// Sets attribute `id` to `v` after its check.
    pub(crate) fn set(&mut self, id: i32, v: i64) -> Result<()> {
        let i = self.row(id)?;
        let a = &self.table.attrs[i];
        if let Some(why) = a.check.and_then(|check| check(v)) {
            return fail(status::INVALID_VALUE, format!("{}: {why}", a.name));
        }
        self.values[i] = v;
        Ok(())
    }

    /// `...SetAttribute(desc, attr, buf, sizeInBytes)`: reads the attribute's C type from `buf`,
    /// which must hold at least that many bytes (more are ignored, as in hipBLASLt).
    ///
    /// # Safety
    /// `buf` is null or readable for `size` bytes.
    pub(crate) unsafe fn set_from(
        &mut self,
        id: i32,
        buf: *const c_void,
        size: usize,
    ) -> Result<()> {
        let i = self.row(id)?;
        let a = &self.table.attrs[i];
        if buf.is_null() {
            return fail(
                status::INVALID_VALUE,
                format!("the value of {} is a null pointer", a.name),
            );
        }
        let need = a.kind.size();
        if size < need {
            return fail(
                status::INVALID_VALUE,
                format!("{}: {size} bytes given, its value takes {need}", a.name),
            );
        }
        let mut bytes = [0u8; 8];
        // SAFETY: `buf` holds at least `need` (at most 8) readable bytes per the contract.
        unsafe { std::ptr::copy_nonoverlapping(buf.cast::<u8>(), bytes.as_mut_ptr(), need) };
        let v = match a.kind {
            Kind::I32 => i64::from(i32::from_ne_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])),
            Kind::U32 => i64::from(u32::from_ne_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])),
            Kind::I64 | Kind::U64 => i64::from_ne_bytes(bytes),
            Kind::Ptr => usize::from_ne_bytes(take(bytes)) as i64,
        };
        self.set(id, v)
    }

    /// `...GetAttribute(desc, attr, buf, sizeInBytes, sizeWritten)`: with `size` 0, only the
    /// size the value takes, in `written`; otherwise the value, into `buf` of at least that size.
    ///
    /// # Safety
    /// `buf` is null or writable for `size` bytes; `written` is null or writable.
    pub(crate) unsafe fn get_into(
        &self,
        id: i32,
        buf: *mut c_void,
        size: usize,
        written: *mut usize,
    ) -> Result<()> {
        if size == 0 && written.is_null() {
            return fail(
                status::INVALID_VALUE,
                "sizeInBytes is 0 and sizeWritten is a null pointer",
            );
        }
        if size != 0 && buf.is_null() {
            return fail(
                status::INVALID_VALUE,
                "buf is a null pointer and sizeInBytes is not 0",
            );
        }
        let i = self.row(id)?;
        let a = &self.table.attrs[i];
        let need = a.kind.size();
        if !written.is_null() {
            // SAFETY: non-null and writable per the contract.
            unsafe { written.write_unaligned(need) };
        }
        if size == 0 {
            return Ok(());
        }
        if size < need {
            return fail(
                status::INVALID_VALUE,
                format!("{}: {size} bytes given, its value takes {need}", a.name),
            );
        }
        let v = self.values[i];
        let bytes: [u8; 8] = match a.kind {
            Kind::I32 | Kind::U32 => {
                let b = (v as u32).to_ne_bytes();
                [b[0], b[1], b[2], b[3], 0, 0, 0, 0]
            }
            Kind::I64 | Kind::U64 => v.to_ne_bytes(),
            Kind::Ptr => widen((v as usize).to_ne_bytes()),
        };
        // SAFETY: `buf` has at least `need` writable bytes (checked above, per the contract).
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), buf.cast::<u8>(), need) };
        Ok(())
    }
}

/// The first `N` of 8 bytes (an address's bytes, `N` being its size).
fn take<const N: usize>(bytes: [u8; 8]) -> [u8; N] {
    let mut out = [0u8; N];
    let n = N.min(8);
    out[..n].copy_from_slice(&bytes[..n]);
    out
}

/// `N` bytes padded to 8.
fn widen<const N: usize>(bytes: [u8; N]) -> [u8; 8] {
    let mut out = [0u8; 8];
    let n = N.min(8);
    out[..n].copy_from_slice(&bytes[..n]);
    out
}

/// Checks: a value in a set of C enum values.
pub(crate) fn one_of(v: i64, allowed: &[i64], what: &str) -> Option<String> {
    (!allowed.contains(&v)).then(|| format!("{v} is not a {what}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn positive(v: i64) -> Option<String> {
        (v < 1).then(|| format!("{v} is less than 1"))
    }

    static TABLE: Table = Table {
        enum_name: "test_attribute_t",
        attrs: &[
            Attr {
                id: 0,
                name: "COUNT",
                kind: Kind::I32,
                default: 1,
                check: Some(positive),
            },
            Attr {
                id: 1,
                name: "BYTES",
                kind: Kind::U64,
                default: 0,
                check: None,
            },
            Attr {
                id: 7,
                name: "POINTER",
                kind: Kind::Ptr,
                default: 0,
                check: None,
            },
        ],
    };

    #[test]
    fn set_and_get_follow_the_c_conventions() {
        let mut a = Attrs::new(&TABLE);
        assert_eq!(a.value(0), 1);
        let count: i32 = 4;
        // SAFETY: a local of the size given.
        unsafe { a.set_from(0, (&count as *const i32).cast(), 4) }.unwrap();
        assert_eq!(a.value(0), 4);
        let bad: i32 = 0;
        // SAFETY: as above.
        let e = unsafe { a.set_from(0, (&bad as *const i32).cast(), 4) }.unwrap_err();
        assert_eq!(e.status, status::INVALID_VALUE);
        assert_eq!(a.value(0), 4);
        // SAFETY: as above; too few bytes are refused before reading.
        let e = unsafe { a.set_from(1, (&count as *const i32).cast(), 4) }.unwrap_err();
        assert_eq!(e.status, status::INVALID_VALUE);
        // SAFETY: as above.
        let e = unsafe { a.set_from(3, (&count as *const i32).cast(), 4) }.unwrap_err();
        assert_eq!(e.status, status::INVALID_VALUE);
        let big: u64 = u64::MAX - 1;
        // SAFETY: as above.
        unsafe { a.set_from(1, (&big as *const u64).cast(), 8) }.unwrap();
        let here = &big as *const u64;
        // SAFETY: as above.
        unsafe { a.set_from(7, (&here as *const *const u64).cast(), 8) }.unwrap();

        let (mut out, mut written) = (0u64, 0usize);
        // SAFETY: locals of the sizes given.
        unsafe { a.get_into(1, (&mut out as *mut u64).cast(), 8, &mut written) }.unwrap();
        assert_eq!((out, written), (u64::MAX - 1, 8));
        let mut p: *const u64 = std::ptr::null();
        // SAFETY: as above.
        unsafe { a.get_into(7, (&mut p as *mut *const u64).cast(), 8, &mut written) }.unwrap();
        assert_eq!(p, here);
        // A size query writes only the size.
        // SAFETY: as above.
        unsafe { a.get_into(0, std::ptr::null_mut(), 0, &mut written) }.unwrap();
        assert_eq!(written, 4);
        // SAFETY: as above.
        let e = unsafe { a.get_into(0, std::ptr::null_mut(), 0, std::ptr::null_mut()) };
        assert_eq!(e.unwrap_err().status, status::INVALID_VALUE);
        let mut small = 0u16;
        // SAFETY: as above; too small a buffer is refused before writing.
        let e = unsafe { a.get_into(0, (&mut small as *mut u16).cast(), 2, &mut written) };
        assert_eq!(e.unwrap_err().status, status::INVALID_VALUE);
    }
}
