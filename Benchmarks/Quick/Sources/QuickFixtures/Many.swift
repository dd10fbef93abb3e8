// `builds`: a module of 100 singles of distinct types, made, resolved once each, dropped (as
// scenario 7 does with 1,000).
import Wiring
public final class M0: Sendable { public init() {} }
public final class M1: Sendable { public init() {} }
public final class M2: Sendable { public init() {} }
public final class M3: Sendable { public init() {} }
public final class M4: Sendable { public init() {} }
public final class M5: Sendable { public init() {} }
public final class M6: Sendable { public init() {} }
public final class M7: Sendable { public init() {} }
public final class M8: Sendable { public init() {} }
public final class M9: Sendable { public init() {} }
public final class M10: Sendable { public init() {} }
public final class M11: Sendable { public init() {} }
public final class M12: Sendable { public init() {} }
public final class M13: Sendable { public init() {} }
public final class M14: Sendable { public init() {} }
public final class M15: Sendable { public init() {} }
public final class M16: Sendable { public init() {} }
public final class M17: Sendable { public init() {} }
public final class M18: Sendable { public init() {} }
public final class M19: Sendable { public init() {} }
public final class M20: Sendable { public init() {} }
public final class M21: Sendable { public init() {} }
public final class M22: Sendable { public init() {} }
public final class M23: Sendable { public init() {} }
public final class M24: Sendable { public init() {} }
public final class M25: Sendable { public init() {} }
public final class M26: Sendable { public init() {} }
public final class M27: Sendable { public init() {} }
public final class M28: Sendable { public init() {} }
public final class M29: Sendable { public init() {} }
public final class M30: Sendable { public init() {} }
public final class M31: Sendable { public init() {} }
public final class M32: Sendable { public init() {} }
public final class M33: Sendable { public init() {} }
public final class M34: Sendable { public init() {} }
public final class M35: Sendable { public init() {} }
public final class M36: Sendable { public init() {} }
public final class M37: Sendable { public init() {} }
public final class M38: Sendable { public init() {} }
public final class M39: Sendable { public init() {} }
public final class M40: Sendable { public init() {} }
public final class M41: Sendable { public init() {} }
public final class M42: Sendable { public init() {} }
public final class M43: Sendable { public init() {} }
public final class M44: Sendable { public init() {} }
public final class M45: Sendable { public init() {} }
public final class M46: Sendable { public init() {} }
public final class M47: Sendable { public init() {} }
public final class M48: Sendable { public init() {} }
public final class M49: Sendable { public init() {} }
public final class M50: Sendable { public init() {} }
public final class M51: Sendable { public init() {} }
public final class M52: Sendable { public init() {} }
public final class M53: Sendable { public init() {} }
public final class M54: Sendable { public init() {} }
public final class M55: Sendable { public init() {} }
public final class M56: Sendable { public init() {} }
public final class M57: Sendable { public init() {} }
public final class M58: Sendable { public init() {} }
public final class M59: Sendable { public init() {} }
public final class M60: Sendable { public init() {} }
public final class M61: Sendable { public init() {} }
public final class M62: Sendable { public init() {} }
public final class M63: Sendable { public init() {} }
public final class M64: Sendable { public init() {} }
public final class M65: Sendable { public init() {} }
public final class M66: Sendable { public init() {} }
public final class M67: Sendable { public init() {} }
public final class M68: Sendable { public init() {} }
public final class M69: Sendable { public init() {} }
public final class M70: Sendable { public init() {} }
public final class M71: Sendable { public init() {} }
public final class M72: Sendable { public init() {} }
public final class M73: Sendable { public init() {} }
public final class M74: Sendable { public init() {} }
public final class M75: Sendable { public init() {} }
public final class M76: Sendable { public init() {} }
public final class M77: Sendable { public init() {} }
public final class M78: Sendable { public init() {} }
public final class M79: Sendable { public init() {} }
public final class M80: Sendable { public init() {} }
public final class M81: Sendable { public init() {} }
public final class M82: Sendable { public init() {} }
public final class M83: Sendable { public init() {} }
public final class M84: Sendable { public init() {} }
public final class M85: Sendable { public init() {} }
public final class M86: Sendable { public init() {} }
public final class M87: Sendable { public init() {} }
public final class M88: Sendable { public init() {} }
public final class M89: Sendable { public init() {} }
public final class M90: Sendable { public init() {} }
public final class M91: Sendable { public init() {} }
public final class M92: Sendable { public init() {} }
public final class M93: Sendable { public init() {} }
public final class M94: Sendable { public init() {} }
public final class M95: Sendable { public init() {} }
public final class M96: Sendable { public init() {} }
public final class M97: Sendable { public init() {} }
public final class M98: Sendable { public init() {} }
public final class M99: Sendable { public init() {} }
@inline(never) public func buildMany() {
    let c = module {
        single { M0() }
        single { M1() }
        single { M2() }
        single { M3() }
        single { M4() }
        single { M5() }
        single { M6() }
        single { M7() }
        single { M8() }
        single { M9() }
        single { M10() }
        single { M11() }
        single { M12() }
        single { M13() }
        single { M14() }
        single { M15() }
        single { M16() }
        single { M17() }
        single { M18() }
        single { M19() }
        single { M20() }
        single { M21() }
        single { M22() }
        single { M23() }
        single { M24() }
        single { M25() }
        single { M26() }
        single { M27() }
        single { M28() }
        single { M29() }
        single { M30() }
        single { M31() }
        single { M32() }
        single { M33() }
        single { M34() }
        single { M35() }
        single { M36() }
        single { M37() }
        single { M38() }
        single { M39() }
        single { M40() }
        single { M41() }
        single { M42() }
        single { M43() }
        single { M44() }
        single { M45() }
        single { M46() }
        single { M47() }
        single { M48() }
        single { M49() }
        single { M50() }
        single { M51() }
        single { M52() }
        single { M53() }
        single { M54() }
        single { M55() }
        single { M56() }
        single { M57() }
        single { M58() }
        single { M59() }
        single { M60() }
        single { M61() }
        single { M62() }
        single { M63() }
        single { M64() }
        single { M65() }
        single { M66() }
        single { M67() }
        single { M68() }
        single { M69() }
        single { M70() }
        single { M71() }
        single { M72() }
        single { M73() }
        single { M74() }
        single { M75() }
        single { M76() }
        single { M77() }
        single { M78() }
        single { M79() }
        single { M80() }
        single { M81() }
        single { M82() }
        single { M83() }
        single { M84() }
        single { M85() }
        single { M86() }
        single { M87() }
        single { M88() }
        single { M89() }
        single { M90() }
        single { M91() }
        single { M92() }
        single { M93() }
        single { M94() }
        single { M95() }
        single { M96() }
        single { M97() }
        single { M98() }
        single { M99() }
    }
    sink(c.resolve() as M0)
    sink(c.resolve() as M1)
    sink(c.resolve() as M2)
    sink(c.resolve() as M3)
    sink(c.resolve() as M4)
    sink(c.resolve() as M5)
    sink(c.resolve() as M6)
    sink(c.resolve() as M7)
    sink(c.resolve() as M8)
    sink(c.resolve() as M9)
    sink(c.resolve() as M10)
    sink(c.resolve() as M11)
    sink(c.resolve() as M12)
    sink(c.resolve() as M13)
    sink(c.resolve() as M14)
    sink(c.resolve() as M15)
    sink(c.resolve() as M16)
    sink(c.resolve() as M17)
    sink(c.resolve() as M18)
    sink(c.resolve() as M19)
    sink(c.resolve() as M20)
    sink(c.resolve() as M21)
    sink(c.resolve() as M22)
    sink(c.resolve() as M23)
    sink(c.resolve() as M24)
    sink(c.resolve() as M25)
    sink(c.resolve() as M26)
    sink(c.resolve() as M27)
    sink(c.resolve() as M28)
    sink(c.resolve() as M29)
    sink(c.resolve() as M30)
    sink(c.resolve() as M31)
    sink(c.resolve() as M32)
    sink(c.resolve() as M33)
    sink(c.resolve() as M34)
    sink(c.resolve() as M35)
    sink(c.resolve() as M36)
    sink(c.resolve() as M37)
    sink(c.resolve() as M38)
    sink(c.resolve() as M39)
    sink(c.resolve() as M40)
    sink(c.resolve() as M41)
    sink(c.resolve() as M42)
    sink(c.resolve() as M43)
    sink(c.resolve() as M44)
    sink(c.resolve() as M45)
    sink(c.resolve() as M46)
    sink(c.resolve() as M47)
    sink(c.resolve() as M48)
    sink(c.resolve() as M49)
    sink(c.resolve() as M50)
    sink(c.resolve() as M51)
    sink(c.resolve() as M52)
    sink(c.resolve() as M53)
    sink(c.resolve() as M54)
    sink(c.resolve() as M55)
    sink(c.resolve() as M56)
    sink(c.resolve() as M57)
    sink(c.resolve() as M58)
    sink(c.resolve() as M59)
    sink(c.resolve() as M60)
    sink(c.resolve() as M61)
    sink(c.resolve() as M62)
    sink(c.resolve() as M63)
    sink(c.resolve() as M64)
    sink(c.resolve() as M65)
    sink(c.resolve() as M66)
    sink(c.resolve() as M67)
    sink(c.resolve() as M68)
    sink(c.resolve() as M69)
    sink(c.resolve() as M70)
    sink(c.resolve() as M71)
    sink(c.resolve() as M72)
    sink(c.resolve() as M73)
    sink(c.resolve() as M74)
    sink(c.resolve() as M75)
    sink(c.resolve() as M76)
    sink(c.resolve() as M77)
    sink(c.resolve() as M78)
    sink(c.resolve() as M79)
    sink(c.resolve() as M80)
    sink(c.resolve() as M81)
    sink(c.resolve() as M82)
    sink(c.resolve() as M83)
    sink(c.resolve() as M84)
    sink(c.resolve() as M85)
    sink(c.resolve() as M86)
    sink(c.resolve() as M87)
    sink(c.resolve() as M88)
    sink(c.resolve() as M89)
    sink(c.resolve() as M90)
    sink(c.resolve() as M91)
    sink(c.resolve() as M92)
    sink(c.resolve() as M93)
    sink(c.resolve() as M94)
    sink(c.resolve() as M95)
    sink(c.resolve() as M96)
    sink(c.resolve() as M97)
    sink(c.resolve() as M98)
    sink(c.resolve() as M99)
}
